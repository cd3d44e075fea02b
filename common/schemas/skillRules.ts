// The skill editor's skill-level and requirement-level rules with their Spanish texts (each action
// kind's own are in common/actions/<kind>). The form runs them as the user types and saves; the
// server runs the same functions on every save and answers the first problem as a 400 naming the
// field. Plain TypeScript: no typebox. The shapes below are loose on purpose (a form's values may be
// half filled); skills.ts and common/actions hold the exact wire schemas.
import { ALL_CHANNELS, CANAL_KINDS, CANAL_NAMES } from './canales';

export const ACTION_TYPES = ['TEXT', 'CARD', 'CAROUSEL', 'BUTTON', 'QUICK_REPLY', 'WEB_HOOK', 'GO_BOT', 'GO_HUMAN', 'GO_SKILL'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
/** The channels an action may be limited to, from the channel catalogue, and 8 for all. */
export const CHANNELS: ReadonlyArray<{ code: number; nm: string }> = CANAL_NAMES.flatMap((kind) => {
  const { red, action } = CANAL_KINDS[kind];
  return action ? [{ code: red, nm: action }] : [];
});
export type ActionChannelCode = { [K in keyof typeof CANAL_KINDS]: (typeof CANAL_KINDS)[K]['action'] extends null ? never : (typeof CANAL_KINDS)[K]['red'] }[keyof typeof CANAL_KINDS];
/** The codes an action's `red` may hold: those channels' and 8. */
export const CHANNEL_CODES = [...CHANNELS.map((c) => c.code), ALL_CHANNELS] as ReadonlyArray<ActionChannelCode | typeof ALL_CHANNELS>;
export { ALL_CHANNELS };

export const BUTTON_TYPES = ['WEB_URL', 'POSTBACK', 'CALL', 'LOCATION', 'PHONE', 'EMAIL'] as const;
export type ButtonType = (typeof BUTTON_TYPES)[number];
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

/** The editor's limits: button texts, quick replies, Facebook's buttons, carousel cards, attachments. */
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
  campoRequerido: 'campo requerido',
  ingreseTexto: 'Ingrese un texto',
  alMenosUnBoton: 'Debe tener al menos un botón',
  avisoFacebook: 'Facebook muestra como máximo 3 botones: en ese canal no se verán los demás',
  maxCaracteres: (max: number) => `Máximo ${max} caracteres`,
  tipoBotonNoPermitido: 'Este tipo de botón no está permitido en esta acción',
  primeraAccion: (first: string, added: string) => `La primera acción es de tipo: ${first} no puede agregar un: ${added}`,
  saltoPrimero: (jump: string) => `Una acción de tipo: ${jump} solo puede ir primero si las demás acciones también son saltos`,
  seleccione: 'Seleccione',
  alMenosUnCampo: 'Debe ingresar al menos un campo',
  urlInvalida: 'Ingrese una URL válida que empiece con http:// o https://',
  enlaceBoton: 'El valor de un enlace web debe ser una dirección que empiece con http://, https://, tel: o mailto:',
  claveValor: 'Cada fila necesita nombre y valor',
  botDestino: 'Seleccione un bot',
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

/** The token rules, for the token list as a whole. */
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
// Conditions: an action's and a requirement's fields

export interface FieldInput {
  id?: string | null;
  type?: number | null;
  path?: string | null;
  op?: string | null;
  value?: string | null;
  order?: number | null;
  replyMissing?: string | null;
}

/** A value that is not text counts as missing: the rules also read imported files. */
export const blank = (value: unknown) => typeof value !== 'string' || !value.trim();

/** Condition fields of an action: id and op ('Seleccione'), a value where the operator needs one. */
export function conditionProblems(cond: readonly FieldInput[] | null | undefined, field = 'cond'): Problem[] {
  return (cond ?? []).flatMap((c, i) => fieldProblems(c, `${field}.${i}`, `Condición ${i + 1}`, CONDITION_OPERATORS));
}

/** `list` with the item at `source` moved to `destination` (dnd's arrayMove). */
export function moveItem<T>(list: readonly T[], source: number, destination: number): T[] {
  const out = [...list];
  const [item] = out.splice(source, 1);
  out.splice(destination, 0, item);
  return out;
}

// Channels an action answers on

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
 * ('Seleccione'); requirements test with the condition operators, memory keeps with AS under the name in
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
