// The skill editor's rules (bot-building spec §4, §5, §9) with their Spanish texts. The form runs
// them as the user types and saves; the server runs the same functions on every save and answers
// the first problem as a 400 naming the field. Plain TypeScript: no typebox, so the console bundle
// takes only this. The shapes below are loose on purpose (a form's values may be half filled);
// skills.ts holds the exact wire schemas.
import { buttonLinkHref } from './buttonLink';

export const ACTION_TYPES = ['TEXT', 'CARD', 'CAROUSEL', 'BUTTON', 'QUICK_REPLY', 'WEB_HOOK', 'GO_BOT', 'GO_HUMAN', 'GO_SKILL'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
/** The Spanish name of each kind, as the add buttons and the first-action message say it. */
export const ACTION_LABELS: Readonly<Record<ActionType, string>> = {
  TEXT: 'Texto',
  CARD: 'Card',
  CAROUSEL: 'Carousel',
  BUTTON: 'Botón',
  QUICK_REPLY: 'Respuesta rápida',
  WEB_HOOK: 'WebHook',
  GO_SKILL: 'Skill',
  GO_BOT: 'Bot',
  GO_HUMAN: 'Humano',
};
/** Jumps: a skill whose first action is one of these may only have jumps (spec §5). */
export const JUMP_TYPES: ReadonlySet<ActionType> = new Set(['GO_BOT', 'GO_HUMAN', 'GO_SKILL']);

/** Channel codes (spec §9): 0 Twitter, 1 Facebook, 2 Telegram, 4 Whatsapp, 6 Teams; 8 all. */
export const CHANNEL_CODES = [0, 1, 2, 4, 6, 8] as const;
export const ALL_CHANNELS = 8;
export const CHANNELS: ReadonlyArray<{ code: number; nm: string }> = [
  { code: 0, nm: 'Twitter' },
  { code: 1, nm: 'Facebook' },
  { code: 2, nm: 'Telegram' },
  { code: 4, nm: 'Whatsapp' },
  { code: 6, nm: 'Teams' },
];

export const BUTTON_TYPES = ['WEB_URL', 'POSTBACK', 'CALL', 'LOCATION', 'PHONE', 'EMAIL'] as const;
export type ButtonType = (typeof BUTTON_TYPES)[number];
/** Cards, buttons and carousels use these; quick replies add LOCATION, PHONE and EMAIL to POSTBACK. */
export const BUTTON_TYPES_FOR: Readonly<Record<'default' | 'QUICK_REPLY', readonly ButtonType[]>> = {
  default: ['WEB_URL', 'POSTBACK', 'CALL'],
  QUICK_REPLY: ['POSTBACK', 'LOCATION', 'PHONE', 'EMAIL'],
};
/** Quick replies that ask the client's channel for a value carry no value of their own. */
const VALUELESS: ReadonlySet<string> = new Set(['LOCATION', 'PHONE', 'EMAIL']);

export const WEBHOOK_METHODS = ['GET', 'POST', 'PUT', 'PATCH'] as const;
export const FILTER_OPERATORS = ['IS', 'IS_NOT', 'IN', 'NOT_IN', 'MATCHES', 'MATCHES_NOT', 'GREATER_THAN', 'LOWER_THAN', 'IS_PRESENT', 'IS_ABSENT', 'AS', 'WEBHOOK'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
/** What a requirement (tp 0) or a webhook condition may test: every operator but the memory ones. */
export const CONDITION_OPERATORS: readonly FilterOperator[] = ['IS', 'IS_NOT', 'IN', 'NOT_IN', 'MATCHES', 'MATCHES_NOT', 'GREATER_THAN', 'LOWER_THAN', 'IS_PRESENT', 'IS_ABSENT'];
/** Memory (tp 1) keeps the value: AS. */
export const MEMORY_OPERATORS: readonly FilterOperator[] = ['AS'];
export const OPERATOR_LABELS: Readonly<Record<FilterOperator, string>> = {
  IS: 'Es igual a',
  IS_NOT: 'No es igual a',
  IN: 'Está en la lista',
  NOT_IN: 'No está en la lista',
  MATCHES: 'Cumple la expresión',
  MATCHES_NOT: 'No cumple la expresión',
  GREATER_THAN: 'Mayor que',
  LOWER_THAN: 'Menor que',
  IS_PRESENT: 'Está presente',
  IS_ABSENT: 'No está presente',
  AS: 'Guardar como',
  WEBHOOK: 'Respuesta de WebHook',
};
/** Operators that compare with a value (the others need none). */
export const VALUE_OPERATORS: ReadonlySet<string> = new Set(['IS', 'IS_NOT', 'IN', 'NOT_IN', 'MATCHES', 'MATCHES_NOT', 'GREATER_THAN', 'LOWER_THAN']);

export const ATTACHMENT_TYPES = ['pdf', 'jpg', 'jpeg', 'bmp', 'msg', 'xls', 'xlsx', 'eml', 'txt'] as const;
/** The phrase sets of the 'Frases de entrenamiento' modal. */
export const PRESET_TYPES = ['saludos', 'despedidas', 'insultos'] as const;
export type PresetType = (typeof PRESET_TYPES)[number];

/** Spec §9 limits. */
export const LIMITS = {
  buttonTitle: 50,
  buttonSubtitle: 50,
  buttonValue: 150,
  buttonRender: 30,
  quickReplies: 3,
  facebookButtons: 3,
  carouselCards: 10,
  attachmentsMin: 1,
  attachmentsMax: 5,
  attachmentMbMin: 1,
  attachmentMbMax: 5,
} as const;

/** The defaults of a new skill, of its attachment options and of a new action's channels. */
export const SKILL_DEFAULTS = {
  tipo: 0,
  modKeyword: false,
  login: false,
  modToken: false,
  tokenOrd: false,
  tokens: [] as TokenInput[],
  frases: [] as string[],
  keywordIncluye: [] as string[],
  keywordExcluye: [] as string[],
  threshold: 0.5,
  qna: false,
  tagsKb: ['t0'],
  modKb: false,
  listRespKb: false,
  opAndKb: false,
  kbResultsMenu: null as string | null,
  opReq: 'AND' as 'AND' | 'OR',
  hasAttachments: false,
  attachmentsRequired: false,
  attachmentMaxCount: 1,
  attachmentMaxSize: 5,
  attachmentTypes: ['pdf', 'jpg', 'jpeg'] as string[],
  to: null as string | null,
};
export const WEBHOOK_DEFAULTS = { method: 'POST', headers: [{ k: 'Content-Type', v: 'application/json' }] } as const;
export const DEFAULT_RED: readonly number[] = [ALL_CHANNELS];

export const SKILL_MESSAGES = {
  // Lists typed with Enter (phrases, keywords, synonyms)
  textoInvalido: 'Debe ingresar un texto valido para ser agregado',
  fraseRepetida: 'Esta frase ya fue agregada, ingrese una distinta',
  palabraRepetida: 'Esta palabra clave ya fue agregada, ingrese una distinta',
  // Tokens
  tokenNombre: 'Ingrese un token',
  tokenRepetido: 'Este token ya fue agregado, ingrese uno distinto',
  sinonimoRepetido: 'Este sinónimo ya fue agregado, ingrese uno distinto',
  tokenMinimo: 'Modo Token activo, debe ingresar mínimo uno.',
  tokenContiguos: 'Requerimientos no pueden ser tokens contiguos.',
  tokenOrden: 'Ingrese el orden del token: un número entero desde 0',
  // Skill settings
  tagMinimo: 'Seleccione mínimo 1 tag',
  umbral: 'El umbral debe ser un número entre 0 y 1',
  adjuntosCantidad: 'La cantidad máxima de archivos debe estar entre 1 y 5',
  adjuntosTamano: 'El tamaño máximo por archivo debe estar entre 1 y 5 MB',
  adjuntosTipos: 'Seleccione al menos un tipo de archivo',
  kbMenuAjeno: 'El skill del menú de resultados debe ser de este bot',
  // 'Frases de entrenamiento'
  seleccioneArchivo: 'seleccione un archivo',
  archivoIlegible: 'no se puede leer el archivo',
  seleccioneFrases: 'Seleccione frases',
  agregadas: 'Agregadas con éxito',
  // Actions
  alMenosUnTexto: 'Debe ingresar al menos un texto',
  cardImagenOBoton: 'Debe ingresar una URL de imagen o un botón',
  cardBotonOImagen: 'Debe ingresar al menos un botón o una URL de imagen',
  campoRequerido: 'campo requerido',
  ingreseTexto: 'Ingrese un texto',
  alMenosUnBoton: 'Debe tener al menos un botón',
  avisoFacebook: 'Facebook muestra como máximo 3 botones: en ese canal no se verán los demás',
  maxRespuestasRapidas: 'Las respuestas rápidas admiten como máximo 3 botones',
  maxTarjetas: 'El carrusel admite como máximo 10 tarjetas',
  alMenosUnaTarjeta: 'Debe ingresar al menos una tarjeta',
  maxCaracteres: (max: number) => `Máximo ${max} caracteres`,
  tipoBotonNoPermitido: 'Este tipo de botón no está permitido en esta acción',
  primeraAccion: (first: string, added: string) => `La primera acción es de tipo: ${first} no puede agregar un: ${added}`,
  saltoPrimero: (jump: string) => `Una acción de tipo: ${jump} solo puede ir primero si las demás acciones también son saltos`,
  seleccione: 'Seleccione',
  alMenosUnCampo: 'Debe ingresar al menos un campo',
  urlInvalida: 'Ingrese una URL válida que empiece con http:// o https://',
  enlaceBoton: 'El valor de un enlace web debe ser una dirección que empiece con http://, https://, tel: o mailto:',
  claveValor: 'Cada fila necesita nombre y valor',
  skillDestino: 'Seleccione un Skill',
  skillMismo: 'Un skill no puede saltar a sí mismo',
  botDestino: 'Seleccione un bot',
  botMismo: 'Un bot no puede derivar a sí mismo',
  canales: 'Seleccione al menos un canal',
  guardeAcciones: 'Primero debe guardar todas las acciones',
  seguroBorrar: 'Seguro desea borrar?',
  pendiente: 'Cambios pendientes de guardar',
  faltanDatos: 'Faltan datos o no son válidos',
  guardando: 'Guardando...',
  ordenCambiado: 'Otra persona cambió el orden de las acciones. Se cargó el orden actual; vuelva a moverla.',
  secretoFuera: 'Un secreto ({{secreto.nombre}}) solo se puede usar en las cabeceras, los campos o los parámetros de la URL (después de ?) de un WebHook',
  secretoInexistente: (nombre: string) => `El secreto «${nombre}» no existe en los extras del bot`,
  // Requirements and memory
  errorGuardados: 'Error al consultar Requerimientos guardados',
  errorConsultar: 'Error al consultar Requerimientos',
  ingreseValor: 'Ingrese un valor',
  valorNumerico: 'Ingrese un número',
  expresionInvalida: 'La expresión regular no es válida',
  entidadAjena: 'La entidad no existe en este bot',
  rutaInvalida: 'La entidad no tiene ese dato',
  operacionMemoria: 'En Memoria la operación es AS',
  operacionRequerimiento: 'Esta operación no se usa en Requerimientos',
  sugerenciaMemoria: 'Verifique que las entidades que guarda en memoria se reconozcan en las frases del usuario.',
  // Records
  accionNoEncontrada: 'Acción no encontrada',
  requerimientoNoEncontrado: 'Requerimiento no encontrado',
  otroSkill: 'La acción no pertenece a este skill',
  stale: 'Otra persona modificó este registro. Recargue para ver sus cambios antes de guardar.',
} as const;

/** A broken rule: where (a path into the saved object, as react-hook-form names it), what, and the field's Spanish name. */
export interface Problem {
  field: string;
  message: string;
  label?: string;
}

// ---------------------------------------------------------------------------------------------
// Lists typed with Enter

/** Two texts are the same phrase when they differ only in case and spacing (accents count). */
export function textKey(text: string): string {
  if (typeof text !== 'string') return '';
  return text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('es');
}

/**
 * What Enter does with `text` in a list: the new list, or the message that refuses it (blank:
 * 'Debe ingresar un texto valido para ser agregado'; repeated: `duplicate`).
 */
export function addToList(list: readonly string[], text: string, duplicate: string): { list: string[] } | { message: string } {
  const clean = text.trim().replace(/\s+/g, ' ');
  if (!clean) return { message: SKILL_MESSAGES.textoInvalido };
  const key = textKey(clean);
  if (list.some((item) => textKey(item) === key)) return { message: duplicate };
  return { list: [...list, clean] };
}

/** Phrases from a file or a preset merged into `list`: blanks and repeats (also against each other) dropped. */
export function mergePhrases(list: readonly string[], lines: readonly string[]): { list: string[]; added: number } {
  const seen = new Set(list.map(textKey));
  const out = [...list];
  for (const line of lines) {
    const clean = line.trim().replace(/\s+/g, ' ');
    const key = textKey(clean);
    if (!clean || seen.has(key)) continue;
    seen.add(key);
    out.push(clean);
  }
  return { list: out, added: out.length - list.length };
}

/** The lines of an uploaded .txt: one phrase a line, a BOM and Windows line ends tolerated. */
export function phraseLines(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r?\n|\r/).map((l) => l.trim()).filter(Boolean);
}

/** 'Agregadas con éxito: 12 frases' (or '1 frase'). */
export function addedMessage(added: number): string {
  return `${SKILL_MESSAGES.agregadas}: ${added} ${added === 1 ? 'frase' : 'frases'}`;
}

// ---------------------------------------------------------------------------------------------
// Skill

export interface TokenInput {
  nm?: string | null;
  sinonimos?: readonly string[] | null;
  obl?: boolean | null;
  req?: boolean | null;
  order?: number | null;
  unique?: boolean | null;
}

export interface SkillInput {
  nm?: string | null;
  tipo?: number | null;
  modToken?: boolean | null;
  tokens?: readonly TokenInput[] | null;
  frases?: readonly string[] | null;
  keywordIncluye?: readonly string[] | null;
  keywordExcluye?: readonly string[] | null;
  threshold?: number | null;
  tagsKb?: readonly string[] | null;
  modKb?: boolean | null;
  hasAttachments?: boolean | null;
  attachmentMaxCount?: number | null;
  attachmentMaxSize?: number | null;
  attachmentTypes?: readonly string[] | null;
}

/** Tokens sorted as the engine reads them: by order, then as listed. */
export function tokensInOrder<T extends TokenInput>(tokens: readonly T[]): T[] {
  return tokens.map((t, i) => ({ t, i })).sort((a, b) => (a.t.order ?? a.i) - (b.t.order ?? b.i) || a.i - b.i).map(({ t }) => t);
}

/** The token rules of spec §5, for the token list as a whole. */
export function tokenProblems(tokens: readonly TokenInput[], modToken: boolean): Problem[] {
  const problems: Problem[] = [];
  if (modToken && tokens.length === 0) problems.push({ field: 'tokens', message: SKILL_MESSAGES.tokenMinimo });
  const names = new Set<string>();
  tokens.forEach((token, i) => {
    const nm = token.nm?.trim() ?? '';
    if (!nm) problems.push({ field: `tokens.${i}.nm`, message: SKILL_MESSAGES.tokenNombre, label: `Token ${i + 1}` });
    else if (names.has(textKey(nm))) problems.push({ field: `tokens.${i}.nm`, message: SKILL_MESSAGES.tokenRepetido, label: `Token ${i + 1}` });
    names.add(textKey(nm));
    if (!(typeof token.order === 'number' && Number.isInteger(token.order) && token.order >= 0)) {
      problems.push({ field: `tokens.${i}.order`, message: SKILL_MESSAGES.tokenOrden, label: `Token ${i + 1}` });
    }
    const synonyms = new Set<string>([textKey(nm)]);
    (token.sinonimos ?? []).forEach((s, j) => {
      const key = textKey(s);
      if (!key) problems.push({ field: `tokens.${i}.sinonimos.${j}`, message: SKILL_MESSAGES.textoInvalido, label: `Token ${i + 1}, sinónimo ${j + 1}` });
      else if (synonyms.has(key)) problems.push({ field: `tokens.${i}.sinonimos.${j}`, message: SKILL_MESSAGES.sinonimoRepetido, label: `Token ${i + 1}, sinónimo ${j + 1}` });
      synonyms.add(key);
    });
  });
  const ordered = tokensInOrder(tokens.map((t, i) => ({ ...t, i })));
  for (let k = 1; k < ordered.length; k++) {
    if (ordered[k].req && ordered[k - 1].req) {
      problems.push({ field: `tokens.${ordered[k].i}.req`, message: SKILL_MESSAGES.tokenContiguos, label: `Token ${ordered[k].i + 1}` });
      break;
    }
  }
  return problems;
}

/** Repeats in a saved list (the form refuses them as typed; another client may send them). */
function listProblems(list: readonly string[] | null | undefined, field: string, duplicate: string, label: string): Problem[] {
  const seen = new Set<string>();
  const problems: Problem[] = [];
  (list ?? []).forEach((item, i) => {
    const key = textKey(item);
    if (!key) problems.push({ field: `${field}.${i}`, message: SKILL_MESSAGES.textoInvalido, label: `${label} ${i + 1}` });
    else if (seen.has(key)) problems.push({ field: `${field}.${i}`, message: duplicate, label: `${label} ${i + 1}` });
    seen.add(key);
  });
  return problems;
}

const between = (value: number | null | undefined, min: number, max: number) => typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** Every rule of the Skill tab. */
export function validateSkill(skill: SkillInput): Problem[] {
  const problems: Problem[] = [];
  if (!skill.nm?.trim()) problems.push({ field: 'nm', message: 'Campo requerido', label: 'Nombre' });
  problems.push(...listProblems(skill.frases, 'frases', SKILL_MESSAGES.fraseRepetida, 'Frase'));
  problems.push(...listProblems(skill.keywordIncluye, 'keywordIncluye', SKILL_MESSAGES.palabraRepetida, 'Palabra clave incluida'));
  problems.push(...listProblems(skill.keywordExcluye, 'keywordExcluye', SKILL_MESSAGES.palabraRepetida, 'Palabra clave excluida'));
  problems.push(...tokenProblems(skill.tokens ?? [], !!skill.modToken));
  if (skill.threshold !== undefined && skill.threshold !== null && !(skill.threshold >= 0 && skill.threshold <= 1)) {
    problems.push({ field: 'threshold', message: SKILL_MESSAGES.umbral, label: 'Umbral' });
  }
  if ((skill.tipo === 2 || skill.modKb) && !(skill.tagsKb?.length)) problems.push({ field: 'tagsKb', message: SKILL_MESSAGES.tagMinimo, label: 'Tags' });
  if (skill.hasAttachments) {
    if (!between(skill.attachmentMaxCount, LIMITS.attachmentsMin, LIMITS.attachmentsMax)) problems.push({ field: 'attachmentMaxCount', message: SKILL_MESSAGES.adjuntosCantidad });
    if (!between(skill.attachmentMaxSize, LIMITS.attachmentMbMin, LIMITS.attachmentMbMax)) problems.push({ field: 'attachmentMaxSize', message: SKILL_MESSAGES.adjuntosTamano });
    if (!skill.attachmentTypes?.length) problems.push({ field: 'attachmentTypes', message: SKILL_MESSAGES.adjuntosTipos });
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Actions

export interface ButtonInput {
  type?: string | null;
  title?: string | null;
  subtitle?: string | null;
  value?: string | null;
  render?: string | null;
}
export interface CardInput {
  title?: string | null;
  subtitle?: string | null;
  imageUrl?: string | null;
  invalidOption?: string | null;
  buttons?: readonly ButtonInput[] | null;
}
export interface KeyValueInput {
  k?: string | null;
  v?: string | null;
}
export interface FieldInput {
  id?: string | null;
  type?: number | null;
  path?: string | null;
  op?: string | null;
  value?: string | null;
  order?: number | null;
  replyMissing?: string | null;
}
export interface AccionInput {
  type: ActionType;
  red?: readonly number[] | null;
  text?: readonly string[] | null;
  imageUrl?: string | null;
  title?: string | null;
  subTitle?: string | null;
  invalidOption?: string | null;
  buttons?: readonly ButtonInput[] | null;
  carousel?: readonly CardInput[] | null;
  method?: string | null;
  url?: string | null;
  headers?: readonly KeyValueInput[] | null;
  fields?: readonly KeyValueInput[] | null;
  cond?: readonly FieldInput[] | null;
  resp?: ReadonlyArray<{ path?: string | null; k?: string | null }> | null;
  b?: string | null;
  sk?: string | null;
}

// A value that is not text counts as missing: the rules also read imported files.
const blank = (value: unknown) => typeof value !== 'string' || !value.trim();

/** A button's rules: type, title and value required ('campo requerido'), and the §9 lengths. */
export function buttonProblems(button: ButtonInput, field: string, label: string, allowed: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  if (blank(button.type)) problems.push({ field: `${field}.type`, message: SKILL_MESSAGES.campoRequerido, label: `${label}, tipo` });
  else if (!allowed.includes(button.type!)) problems.push({ field: `${field}.type`, message: SKILL_MESSAGES.tipoBotonNoPermitido, label: `${label}, tipo` });
  if (blank(button.title)) problems.push({ field: `${field}.title`, message: SKILL_MESSAGES.campoRequerido, label: `${label}, título` });
  if (blank(button.value) && !VALUELESS.has(button.type ?? '')) problems.push({ field: `${field}.value`, message: SKILL_MESSAGES.campoRequerido, label: `${label}, valor` });
  // A link opens in the client's browser: only web pages, calls and mails, never a script.
  else if (button.type === 'WEB_URL' && !buttonLinkHref(button.value)) problems.push({ field: `${field}.value`, message: SKILL_MESSAGES.enlaceBoton, label: `${label}, valor` });
  const lengths: Array<[keyof ButtonInput, number, string]> = [['title', LIMITS.buttonTitle, 'título'], ['subtitle', LIMITS.buttonSubtitle, 'subtítulo'], ['value', LIMITS.buttonValue, 'valor'], ['render', LIMITS.buttonRender, 'texto mostrado']];
  for (const [key, max, name] of lengths) {
    if ((button[key]?.length ?? 0) > max) problems.push({ field: `${field}.${key}`, message: SKILL_MESSAGES.maxCaracteres(max), label: `${label}, ${name}` });
  }
  return problems;
}

function buttonsProblems(buttons: readonly ButtonInput[] | null | undefined, field: string, allowed: readonly string[], label = 'Botón'): Problem[] {
  return (buttons ?? []).flatMap((b, i) => buttonProblems(b, `${field}.${i}`, `${label} ${i + 1}`, allowed));
}

const isHttpUrl = (url: string) => {
  try {
    const { protocol } = new URL(url.trim());
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};
/** A webhook may also call this server by path ('/api/…'): the engine resolves it against its own address. */
const isOwnPath = (url: string) => /^\/(?!\/)\S*$/.test(url.trim());

/** An image may also be on this server, by path ('/api/…'): the engine gives it the address the client reaches the server by. */
const isImageUrl = (url: string) => isHttpUrl(url) || isOwnPath(url);

/** Condition fields of a webhook: id and op ('Seleccione'), a value where the operator needs one. */
export function conditionProblems(cond: readonly FieldInput[] | null | undefined, field = 'cond'): Problem[] {
  return (cond ?? []).flatMap((c, i) => fieldProblems(c, `${field}.${i}`, `Condición ${i + 1}`, CONDITION_OPERATORS));
}

function keyValueProblems(rows: readonly KeyValueInput[] | null | undefined, field: string, label: string): Problem[] {
  return (rows ?? []).flatMap((row, i) => (blank(row.k) || blank(row.v) ? [{ field: `${field}.${i}`, message: SKILL_MESSAGES.claveValor, label: `${label} ${i + 1}` }] : []));
}

/** `{{secreto.nombre}}`: an encrypted extra of the bot, filled only into what a webhook sends. */
const SECRET_PLACEHOLDER = /\{\{\s*secreto\.([^{}]*?)\s*\}\}/g;

/** The secret names a text uses. */
export function secretNames(text: string): string[] {
  return [...text.matchAll(SECRET_PLACEHOLDER)].map((m) => m[1]);
}

/**
 * Where a secret may go: a WEB_HOOK's header and field values and its URL's query. Anywhere else
 * (texts the client sees, memory, names, the address itself) it is refused.
 */
function secretProblems(accion: AccionInput, extras: readonly string[] | undefined): Problem[] {
  const problems: Problem[] = [];
  const webhook = accion.type === 'WEB_HOOK';
  const allowed = (path: string, text: string, at: number) =>
    webhook && (/^(headers|fields)\.\d+\.v$/.test(path) || (path === 'url' && text.indexOf('?') >= 0 && at > text.indexOf('?')));
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') {
      for (const m of value.matchAll(SECRET_PLACEHOLDER)) {
        // The TEXT editor shows its problems on the list as a whole.
        const field = accion.type === 'TEXT' && path.startsWith('text.') ? 'text' : path;
        if (!allowed(path, value, m.index)) problems.push({ field, message: SKILL_MESSAGES.secretoFuera });
        else if (extras && !extras.includes(m[1])) problems.push({ field, message: SKILL_MESSAGES.secretoInexistente(m[1]) });
      }
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}.${i}`));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
  };
  walk(accion, '');
  return problems;
}

/**
 * What an action's own fields break, by its type (spec §5), and its channels. Given `extras` (the
 * bot's encrypted extras' keys, at deploy), a secret must name one of them.
 */
export function validateAccion(accion: AccionInput, context: { idBot?: string; idSkill?: string; extras?: readonly string[] } = {}): Problem[] {
  const p: Problem[] = [];
  // Without channels an action answers on all of them (an older file); an emptied list is a mistake.
  const red = accion.red ?? DEFAULT_RED;
  if (red.length === 0) p.push({ field: 'red', message: SKILL_MESSAGES.canales, label: 'Canales' });
  const allowed = BUTTON_TYPES_FOR.default;
  switch (accion.type) {
    case 'TEXT':
      if (!(accion.text ?? []).some((t) => t.trim())) p.push({ field: 'text', message: SKILL_MESSAGES.alMenosUnTexto });
      break;
    case 'CARD':
      if (blank(accion.imageUrl) && !(accion.buttons ?? []).length) {
        // The same rule said at both inputs: at the image and at the buttons.
        p.push({ field: 'imageUrl', message: SKILL_MESSAGES.cardImagenOBoton }, { field: 'buttons', message: SKILL_MESSAGES.cardBotonOImagen });
      } else if (!blank(accion.imageUrl) && !isImageUrl(accion.imageUrl!)) p.push({ field: 'imageUrl', message: SKILL_MESSAGES.urlInvalida, label: 'URL de imagen' });
      p.push(...buttonsProblems(accion.buttons, 'buttons', allowed));
      break;
    case 'BUTTON':
      if (blank(accion.title)) p.push({ field: 'title', message: SKILL_MESSAGES.ingreseTexto, label: 'Título' });
      if (!(accion.buttons ?? []).length) p.push({ field: 'buttons', message: SKILL_MESSAGES.alMenosUnBoton });
      p.push(...buttonsProblems(accion.buttons, 'buttons', allowed));
      break;
    case 'QUICK_REPLY':
      if (blank(accion.title)) p.push({ field: 'title', message: SKILL_MESSAGES.ingreseTexto, label: 'Título' });
      if (!(accion.buttons ?? []).length) p.push({ field: 'buttons', message: SKILL_MESSAGES.alMenosUnBoton });
      if ((accion.buttons ?? []).length > LIMITS.quickReplies) p.push({ field: 'buttons', message: SKILL_MESSAGES.maxRespuestasRapidas });
      p.push(...buttonsProblems(accion.buttons, 'buttons', BUTTON_TYPES_FOR.QUICK_REPLY, 'Respuesta'));
      break;
    case 'CAROUSEL': {
      const cards = accion.carousel ?? [];
      if (cards.length === 0) p.push({ field: 'carousel', message: SKILL_MESSAGES.alMenosUnaTarjeta });
      if (cards.length > LIMITS.carouselCards) p.push({ field: 'carousel', message: SKILL_MESSAGES.maxTarjetas });
      cards.forEach((card, i) => {
        const label = `Tarjeta ${i + 1}`;
        for (const [key, name] of [['imageUrl', 'URL de imagen'], ['title', 'título'], ['subtitle', 'subtítulo'], ['invalidOption', 'opción no válida']] as const) {
          if (blank(card[key])) p.push({ field: `carousel.${i}.${key}`, message: SKILL_MESSAGES.campoRequerido, label: `${label}, ${name}` });
        }
        if (!blank(card.imageUrl) && !isImageUrl(card.imageUrl!)) p.push({ field: `carousel.${i}.imageUrl`, message: SKILL_MESSAGES.urlInvalida, label: `${label}, URL de imagen` });
        p.push(...buttonsProblems(card.buttons, `carousel.${i}.buttons`, allowed, `${label}, botón`));
      });
      break;
    }
    case 'WEB_HOOK':
      if (blank(accion.method) || !(WEBHOOK_METHODS as readonly string[]).includes(accion.method!)) p.push({ field: 'method', message: SKILL_MESSAGES.seleccione, label: 'Método' });
      if (blank(accion.url) || !(isHttpUrl(accion.url!) || isOwnPath(accion.url!))) p.push({ field: 'url', message: SKILL_MESSAGES.urlInvalida, label: 'URL' });
      p.push(...keyValueProblems(accion.headers, 'headers', 'Cabecera'));
      p.push(...keyValueProblems(accion.fields, 'fields', 'Campo'));
      p.push(...conditionProblems(accion.cond));
      (accion.resp ?? []).forEach((r, i) => {
        if (blank(r.path) || blank(r.k)) p.push({ field: `resp.${i}`, message: SKILL_MESSAGES.claveValor, label: `Respuesta a memoria ${i + 1}` });
      });
      break;
    case 'GO_SKILL':
      if (blank(accion.sk)) p.push({ field: 'sk', message: SKILL_MESSAGES.skillDestino });
      else if (context.idSkill && accion.sk === context.idSkill) p.push({ field: 'sk', message: SKILL_MESSAGES.skillMismo });
      p.push(...keyValueProblems(accion.fields, 'fields', 'Campo'));
      break;
    case 'GO_BOT':
      if (blank(accion.b)) p.push({ field: 'b', message: SKILL_MESSAGES.botDestino });
      else if (context.idBot && accion.b === context.idBot) p.push({ field: 'b', message: SKILL_MESSAGES.botMismo });
      break;
    case 'GO_HUMAN':
      break;
  }
  p.push(...secretProblems(accion, context.extras));
  // Any action may run only when its conditions hold; a webhook's were checked above.
  if (accion.type !== 'WEB_HOOK') p.push(...conditionProblems(accion.cond));
  return p;
}

/** Buttons beyond Facebook's three: a warning, not a refusal. */
export function facebookWarning(accion: Pick<AccionInput, 'type' | 'buttons'>): string | null {
  return accion.type !== 'QUICK_REPLY' && (accion.buttons?.length ?? 0) >= LIMITS.facebookButtons ? SKILL_MESSAGES.avisoFacebook : null;
}

/**
 * The first-action restriction (spec §5): when the skill's first action is a jump, only jumps may
 * be added. `types` are the skill's actions in order.
 */
export function firstActionProblem(types: readonly ActionType[], added: ActionType): string | null {
  const first = types[0];
  if (first && JUMP_TYPES.has(first) && !JUMP_TYPES.has(added)) return SKILL_MESSAGES.primeraAccion(ACTION_LABELS[first], ACTION_LABELS[added]);
  return null;
}

/** A new order that puts a jump first ahead of other kinds breaks the same rule; null when the order is fine. */
export function orderProblem(types: readonly ActionType[]): string | null {
  const first = types[0];
  if (first && JUMP_TYPES.has(first) && types.some((t) => !JUMP_TYPES.has(t))) return SKILL_MESSAGES.saltoPrimero(ACTION_LABELS[first]);
  return null;
}

/** `list` with the item at `source` moved to `destination` (dnd's arrayMove). */
export function moveItem<T>(list: readonly T[], source: number, destination: number): T[] {
  const out = [...list];
  const [item] = out.splice(source, 1);
  out.splice(destination, 0, item);
  return out;
}

// Channels (spec §4)

/** Whether an action with channels `red` answers on channel `code`. */
export function answersOn(red: readonly number[], code: number): boolean {
  return red.includes(ALL_CHANNELS) || red.includes(code);
}

/** Toggling one channel in the normal editor: all five on is stored as [8]. */
export function toggleChannel(red: readonly number[], code: number): number[] {
  const on = new Set(red.includes(ALL_CHANNELS) ? CHANNELS.map((c) => c.code) : red);
  if (on.has(code)) on.delete(code);
  else on.add(code);
  if (CHANNELS.every((c) => on.has(c.code))) return [ALL_CHANNELS];
  return CHANNELS.map((c) => c.code).filter((c) => on.has(c));
}

// ---------------------------------------------------------------------------------------------
// Requirements and memory

export interface RequerimientoInput {
  tp?: number | null;
  op?: string | null;
  fields?: readonly FieldInput[] | null;
  replyMissing?: readonly string[] | null;
}

/** What the form and the server know of the entities a field may name. */
export interface EntityCatalogue {
  /** The bot's own entities (field type 0): id → the names of its paths. */
  custom: ReadonlyMap<string, readonly string[]>;
  /** The internal ones (type 1): id → paths. */
  internal: ReadonlyMap<string, readonly string[]>;
}

function fieldProblems(f: FieldInput, field: string, label: string, operators: readonly FilterOperator[], entities?: EntityCatalogue): Problem[] {
  const p: Problem[] = [];
  if (blank(f.id)) p.push({ field: `${field}.id`, message: SKILL_MESSAGES.seleccione, label: `${label}, entidad` });
  if (blank(f.op)) p.push({ field: `${field}.op`, message: SKILL_MESSAGES.seleccione, label: `${label}, operación` });
  else if (!operators.includes(f.op as FilterOperator)) {
    const message = operators === MEMORY_OPERATORS ? SKILL_MESSAGES.operacionMemoria : SKILL_MESSAGES.operacionRequerimiento;
    p.push({ field: `${field}.op`, message, label: `${label}, operación` });
  }
  if (entities && !blank(f.id)) {
    const paths = (f.type === 1 ? entities.internal : entities.custom).get(f.id!);
    if (!paths) p.push({ field: `${field}.id`, message: SKILL_MESSAGES.entidadAjena, label: `${label}, entidad` });
    else if (!blank(f.path) && !paths.includes(f.path!)) p.push({ field: `${field}.path`, message: SKILL_MESSAGES.rutaInvalida, label: `${label}, dato` });
  }
  const op = f.op ?? '';
  if (VALUE_OPERATORS.has(op)) {
    const value = f.value?.trim() ?? '';
    if (!value) p.push({ field: `${field}.value`, message: SKILL_MESSAGES.ingreseValor, label: `${label}, valor` });
    else if ((op === 'GREATER_THAN' || op === 'LOWER_THAN') && !Number.isFinite(Number(value.replace(',', '.')))) {
      p.push({ field: `${field}.value`, message: SKILL_MESSAGES.valorNumerico, label: `${label}, valor` });
    } else if (op === 'MATCHES' || op === 'MATCHES_NOT') {
      try {
        // A '{{nombre}}' is filled from memory as literal text when the condition runs.
        new RegExp(value.replace(/\{\{\s*[^{}]+?\s*\}\}/g, '(?:)'), 'u');
      } catch {
        p.push({ field: `${field}.value`, message: SKILL_MESSAGES.expresionInvalida, label: `${label}, valor` });
      }
    }
  }
  if (op === 'AS' && blank(f.value)) p.push({ field: `${field}.value`, message: SKILL_MESSAGES.ingreseValor, label: `${label}, nombre en memoria` });
  return p;
}

/**
 * A requirement (tp 0) or memory (tp 1): at least one field; each with entity and operation
 * ('Seleccione'); requirements test with the §9 operators, memory keeps with AS under the name in
 * `value`. With `entities`, each field must name one of them.
 */
export function validateRequerimiento(req: RequerimientoInput, entities?: EntityCatalogue): Problem[] {
  const fields = req.fields ?? [];
  const p: Problem[] = [];
  if (fields.length === 0) p.push({ field: 'fields', message: SKILL_MESSAGES.alMenosUnCampo });
  const operators = req.tp === 1 ? MEMORY_OPERATORS : CONDITION_OPERATORS;
  fields.forEach((f, i) => p.push(...fieldProblems(f, `fields.${i}`, `Campo ${i + 1}`, operators, entities)));
  (req.replyMissing ?? []).forEach((m, i) => {
    if (!m.trim()) p.push({ field: `replyMissing.${i}`, message: SKILL_MESSAGES.textoInvalido, label: `Mensaje ${i + 1}` });
  });
  return p;
}
