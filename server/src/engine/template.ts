// Memory values in texts: '{{nombre}}', '{{pedido.items.0.nombre}}', in messages and in webhooks.

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

/** The segments of a path: 'a.b.0.c', '$.a.b', 'a[0].c', "a['b c']". */
function segments(path: string): string[] {
  const out: string[] = [];
  const re = /\[\s*(?:'([^']*)'|"([^"]*)"|([^\]]*?))\s*\]|([^.[\]]+)/g;
  for (const m of path.trim().replace(/^\$(?=[.[]|$)/, '').matchAll(re)) out.push((m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').trim());
  return out.filter((s) => s !== '');
}

/** The value at a path of a JSON value: 'a.b.0.c', '$.a.b', 'a[0].c'; undefined when absent. */
export function readPath(value: unknown, path: string): unknown {
  let current = value;
  for (const key of segments(path)) {
    if (current === null || typeof current !== 'object') return undefined;
    if (Array.isArray(current)) {
      if (!/^-?\d+$/.test(key)) return key === 'length' ? current.length : undefined;
      const i = Number(key);
      current = current[i < 0 ? current.length + i : i];
    } else {
      if (!Object.prototype.hasOwnProperty.call(current, key)) return undefined;
      current = (current as Record<string, unknown>)[key];
    }
  }
  return current;
}

/** A value as text: strings as they are, numbers and booleans written out, objects and lists as JSON, nothing as ''. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Placeholders of the bot's encrypted extras: '{{secreto.apiKey}}'. Only what a webhook sends fills them. */
export const SECRET_PREFIX = 'secreto.';

/**
 * The memory value a placeholder names: a key as it is first ('cliente.nombre' may be one key), else
 * a path. A secret's placeholder reads nothing from memory.
 */
export function memoryValue(memory: Readonly<Record<string, unknown>>, name: string): unknown {
  if (name.startsWith(SECRET_PREFIX)) return undefined;
  if (Object.prototype.hasOwnProperty.call(memory, name)) return memory[name];
  return readPath(memory, name);
}

/**
 * The text with each placeholder replaced; `encode` (when given) is applied to each value, e.g.
 * encodeURIComponent for the parts of a URL. `secret` gives a secret's placeholder its value (its
 * name without the prefix); without it, or when it gives nothing, the placeholder is emptied.
 */
export function fillTemplateWith(
  text: string,
  memory: Readonly<Record<string, unknown>>,
  encode: (value: string, offset: number) => string,
  secret?: (name: string, offset: number) => string | undefined,
): string {
  return text.replace(PLACEHOLDER, (_all, name: string, offset: number) => {
    const value = name.startsWith(SECRET_PREFIX) ? (secret?.(name.slice(SECRET_PREFIX.length), offset) ?? '') : valueText(memoryValue(memory, name));
    return encode(value, offset);
  });
}

/**
 * `{{nombre}}` and `{{a.b.0}}` read from memory (dotted paths into objects/arrays); unknown → ''.
 * `own` gives the engine's own placeholders ('bot.skills') their values, before memory's.
 */
export function fillTemplate(text: string, memory: Readonly<Record<string, unknown>>, own?: Readonly<Record<string, string>>): string {
  return fillTemplateWith(text, own ? { ...memory, ...own } : memory, (v) => v);
}

/** Whether a text has the placeholder `name` ('{{ bot.skills }}' counts). */
export function hasPlaceholder(text: string, name: string): boolean {
  for (const m of text.matchAll(PLACEHOLDER)) if (m[1] === name) return true;
  return false;
}
