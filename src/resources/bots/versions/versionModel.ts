// Pure shaping of versions for the console: state, why a version cannot be restored, the
// deploy's duration, and a comparison grouped by kind in Spanish.
import type { BotVersion, VersionChange } from '../../../api/versions';
import { botsTexts } from '../../../i18n/esBots';
import { versionesTexts } from '../../../i18n/esVersiones';

export type { BotVersion, VersionChange };

const TEXTS = versionesTexts.versiones;

export function versionState(version: BotVersion): string {
  if (!version.done) return TEXTS.estados.enCurso;
  return version.error ? TEXTS.estados.error : TEXTS.estados.ok;
}

/** Only a version deployed without error can be restored (or compared). */
export const isDeployed = (version: BotVersion) => version.done && !version.error;

/** Why 'Restaurar' is disabled for this version, or null when it is not. */
export function restoreBlocker(version: BotVersion): string | null {
  if (!version.done) return TEXTS.noRestaurableEnCurso;
  return version.error ? TEXTS.noRestaurableError : null;
}

const decimal = new Intl.NumberFormat('es', { maximumFractionDigits: 1 });

/** Milliseconds as a person reads them: '850 ms', '4,2 s', '2 min 5 s', '1 h 3 min'; '' when unknown. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${decimal.format(Math.floor(ms / 100) / 10)} s`;
  const seconds = Math.round(ms / 1000);
  const [h, min, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  if (h > 0) return min > 0 ? `${h} h ${min} min` : `${h} h`;
  return s > 0 ? `${min} min ${s} s` : `${min} min`;
}

/** The comparison's groups, in the order the console lists them. */
export const CHANGE_KINDS: ReadonlyArray<{ kind: string; label: string }> = Object.entries(TEXTS.grupos).map(([kind, label]) => ({ kind, label }));

export const CHANGE_LABELS: Record<VersionChange['change'], string> = TEXTS.cambio;

export interface ChangeGroup {
  kind: string;
  label: string;
  changes: VersionChange[];
}

/** The changes grouped by kind, known kinds first in CHANGE_KINDS order; empty groups left out. */
export function groupChanges(changes: VersionChange[]): ChangeGroup[] {
  const known = CHANGE_KINDS.map(({ kind, label }) => ({ kind, label, changes: changes.filter((c) => c.kind === kind) }));
  const others = [...new Set(changes.map((c) => c.kind))]
    .filter((kind) => !CHANGE_KINDS.some((k) => k.kind === kind))
    .map((kind) => ({ kind, label: kind, changes: changes.filter((c) => c.kind === kind) }));
  return [...known, ...others].filter((group) => group.changes.length > 0);
}

/** Spanish names of the fields a comparison names most; any other is shown as the server names it. */
const FIELD_LABELS: Record<string, string> = {
  ...TEXTS.campos,
  ttoken: botsTexts.bots.params.ttoken,
  baseUrl: botsTexts.bots.params.baseUrl,
  baseUrlRemoto: botsTexts.bots.params.baseUrlRemoto,
};

const PARAM_LABELS: Record<string, string> = botsTexts.bots.params;

/** A field's Spanish label; a bot parameter ('params.maxAttempt') by the bot editor's own label. */
export function fieldLabel(field: string): string {
  if (field.startsWith('params.')) return PARAM_LABELS[field.slice('params.'.length)] ?? field;
  return FIELD_LABELS[field] ?? field;
}

/** A value as text: '(vacío)' for none, 'Sí'/'No', and JSON indented for lists and objects. */
export function readableValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return TEXTS.vacio;
  if (typeof value === 'boolean') return value ? TEXTS.si : TEXTS.no;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value, null, 2);
}

/** Values longer than this are cut, with a way to see all. */
export const VALUE_PREVIEW_CHARS = 120;

export function previewOf(text: string): { preview: string; truncated: boolean } {
  return text.length > VALUE_PREVIEW_CHARS ? { preview: `${text.slice(0, VALUE_PREVIEW_CHARS)}…`, truncated: true } : { preview: text, truncated: false };
}

/** A list item as a person reads it: a text as it is; a button or card by its title or name. */
export function itemText(item: unknown): string {
  if (item && typeof item === 'object' && !Array.isArray(item)) {
    const named = item as Record<string, unknown>;
    for (const key of ['title', 'nm', 'name', 'text', 'key']) if (typeof named[key] === 'string' && named[key]) return named[key];
  }
  return readableValue(item);
}

export interface ListDiff {
  added: unknown[];
  removed: unknown[];
  /** Items in both, counted once per copy kept. */
  kept: number;
}

/**
 * A field whose sides are lists (phrases, keywords, buttons; none reads as empty) as the items
 * added and removed, each copy counted; null when either side is not a list.
 */
export function listDiff(before: unknown, after: unknown): ListDiff | null {
  const asList = (value: unknown) => (value === null || value === undefined ? [] : Array.isArray(value) ? value : null);
  const a = asList(before);
  const b = asList(after);
  if (!a || !b || (!Array.isArray(before) && !Array.isArray(after))) return null;
  const left = new Map<string, number>();
  for (const item of a) left.set(JSON.stringify(item), (left.get(JSON.stringify(item)) ?? 0) + 1);
  const added: unknown[] = [];
  let kept = 0;
  for (const item of b) {
    const key = JSON.stringify(item);
    const count = left.get(key) ?? 0;
    if (count > 0) {
      left.set(key, count - 1);
      kept++;
    } else added.push(item);
  }
  const removed = a.filter((item) => {
    const key = JSON.stringify(item);
    const count = left.get(key) ?? 0;
    if (count === 0) return false;
    left.set(key, count - 1);
    return true;
  });
  return { added, removed, kept };
}
