// What an action card's form holds and sends: the kind's own fields
// filled in so every input is controlled, the channels and `unique`, and the body of POST /accion.
import type { Accion, AccionBody } from '../../../api/skills';
import { CHANNELS, DEFAULT_RED, type ActionType } from '../../../../common/schemas/skillRules';
import { ACTION_LABELS } from '../../../../common/actions';
import { toField, toFieldRow, type FieldRow } from '../fields/fieldModel';

/**
 * A card's form: the action without its identity, order and revision, and what an editor holds
 * before it is part of the action (`textoNuevo`: a text typed in 'Nuevo texto', not sent).
 */
export type AccionValues = Omit<AccionBody, 'id' | 'idBot' | 'idSkill' | 'order' | 'rev'> & { textoNuevo?: string };
export type ButtonValues = NonNullable<AccionValues['buttons']>[number];
export type CarouselCardValues = NonNullable<AccionValues['carousel']>[number];

export const emptyButton = (): ButtonValues => ({ type: '', title: '', subtitle: '', value: '', render: '' });
export const emptyCarouselCard = (): CarouselCardValues => ({ title: '', subtitle: '', imageUrl: '', invalidOption: '', buttons: [] });

/** Optional button texts come back as null; the form holds them as ''. */
const formButton = (button: Partial<ButtonValues>): ButtonValues => ({ ...emptyButton(), ...button, subtitle: button.subtitle ?? '', value: button.value ?? '', render: button.render ?? '' });
const formButtons = (buttons: readonly Partial<ButtonValues>[]) => buttons.map(formButton);

/**
 * The form values of a saved action or of a new card's draft: `unique` and `red` (all channels
 * when new, [8]), and each field of the kind's `defaults`, taken from the record when it has one.
 */
export function toFormValues(type: ActionType, defaults: Partial<AccionValues>, source: Partial<Accion> = {}): AccionValues {
  const values: Record<string, unknown> = { type, unique: source.unique ?? false, red: [...(source.red ?? DEFAULT_RED)] };
  for (const [key, fallback] of Object.entries(defaults)) {
    values[key] = structuredClone((source as Record<string, unknown>)[key] ?? fallback);
  }
  const result = values as AccionValues;
  if (result.buttons) result.buttons = formButtons(result.buttons);
  if (result.carousel) result.carousel = result.carousel.map((card) => ({ ...emptyCarouselCard(), ...card, buttons: formButtons(card.buttons ?? []) }));
  // A webhook's conditions are field rows: every input controlled in the form, trimmed when sent.
  if (result.cond) result.cond = result.cond.map(toFieldRow) as AccionValues['cond'];
  return result;
}

/** POST /accion: the form's values with the action's identity; a new one has no id nor rev. */
export function toAccionBody(values: AccionValues, ids: { id?: string; idBot: string; idSkill: string; type: ActionType; rev?: number }): AccionBody {
  const { textoNuevo: _notSent, ...fields } = values;
  // The form holds the conditions as rows (toFormValues); the server takes them trimmed.
  return { ...fields, ...(fields.cond ? { cond: (fields.cond as Partial<FieldRow>[]).map(toField) } : {}), ...ids };
}

/** The card's heading: its kind and its place in the list ('Texto 1', 'WebHook 3'). */
export const cardTitle = (type: ActionType, index: number) => `${ACTION_LABELS[type]} ${index + 1}`;

/** The channels an action answers on, in words: 'Todos' or the names ('Facebook, Telegram'). */
export function channelNames(red: readonly number[], all: string): string {
  if (red.includes(8)) return all;
  return CHANNELS.filter((c) => red.includes(c.code)).map((c) => c.nm).join(', ');
}
