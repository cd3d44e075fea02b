// Shaping of channels for the editors: the route of each kind, a new
// channel's defaults, what the form holds and the body POST /ch/web takes from it.
import {
  CANAL_KINDS,
  HOUR_PATTERN,
  WEB_DEFAULTS,
  canalEditorPath,
  type Canal,
  type CanalBody,
  type CanalKind,
  type CanalSecretsBody,
} from '../../../api/canales';

export const isCanalKind = (name: unknown): name is CanalKind => typeof name === 'string' && Object.hasOwn(CANAL_KINDS, name);

/** The editor's route: its kind's (the catalogue's path), and the web chat's for any other channel. */
export function editorPath(canal: { id: string; name?: string | null }): string {
  return canalEditorPath(isCanalKind(canal.name) ? canal.name : 'Web', encodeURIComponent(canal.id));
}

/** The console text naming this kind ('Microsoft Teams'), by the catalogue's `texts`. */
export const kindText = (kind: CanalKind): string => `quipu.canales.kind.${CANAL_KINDS[kind].texts}`;

/** The label of this kind's add button on /canal ('Microsoft'), by the catalogue's `texts`. */
export const addText = (kind: CanalKind): string => `quipu.canales.agregar${CANAL_KINDS[kind].texts}`;

/** The route pattern of this kind's editor page: /canal/{path}/:id. */
export const editorRoute = (kind: CanalKind): string => canalEditorPath(kind, ':id');

/** The route of a new channel of this kind: /canal/{path}/new. */
export const newPath = (kind: CanalKind): string => canalEditorPath(kind, 'new');

/** A new channel: active, unsaved, unlinked, hours off; the web chat with its defaults. */
export function newCanal(kind: CanalKind): Canal {
  return {
    id: '',
    name: kind,
    red: CANAL_KINDS[kind].red,
    dsc: '',
    activo: true,
    idE: '',
    idR: null,
    b: null,
    bot: null,
    porHora: false,
    hi: null,
    hf: null,
    msgFueraHora: null,
    liveAgent: false,
    email: null,
    useChasqui: false,
    chasquiUrl: null,
    excluir: [],
    web: kind === 'Web' ? structuredClone(WEB_DEFAULTS) as Canal['web'] : null,
    cfg: {},
    secretos: {},
    rev: 0,
  };
}

/** What a secret input holds: typed text, or '' to keep what is stored. */
export type SecretValues = Partial<Record<keyof CanalSecretsBody, string>>;

/** The editable part of a channel, as the editor's form holds it. Bot, state and rev live outside the form. */
export interface CanalFormValues {
  id?: string;
  dsc: string;
  idR?: string | null;
  porHora: boolean;
  hi: string | null;
  hf: string | null;
  msgFueraHora: string | null;
  liveAgent?: boolean;
  email?: string | null;
  useChasqui: boolean;
  chasquiUrl: string | null;
  excluir: Canal['excluir'];
  web?: Canal['web'];
  cfg: Canal['cfg'];
  secretos: SecretValues;
}

/** The form's record: every secret input empty (a stored secret is never shown). */
export function formValuesOf(canal: Canal): CanalFormValues {
  return {
    ...(canal.id ? { id: canal.id } : {}),
    dsc: canal.dsc,
    idR: canal.idR,
    porHora: canal.porHora,
    hi: canal.hi,
    hf: canal.hf,
    msgFueraHora: canal.msgFueraHora,
    liveAgent: canal.liveAgent,
    email: canal.email,
    useChasqui: canal.useChasqui,
    chasquiUrl: canal.chasquiUrl,
    excluir: canal.excluir.map((row) => ({ ...row })),
    web: canal.web ? structuredClone(canal.web) : canal.web,
    cfg: { ...canal.cfg },
    secretos: {},
  };
}

const blankToNull = (value: string | null | undefined): string | null => (value == null || value.trim() === '' ? null : value);

/**
 * POST /ch/web's body: the form's values on the channel as the server last answered it (its kind,
 * state and rev). A secret goes only when typed; hours only matter with porHora on.
 */
export function toCanalBody(canal: Canal, values: Partial<CanalFormValues>): CanalBody {
  const typed = Object.fromEntries(
    Object.entries(values.secretos ?? {}).filter(([, value]) => typeof value === 'string' && value !== ''),
  ) as CanalSecretsBody;
  const body: CanalBody = {
    name: isCanalKind(canal.name) ? canal.name : 'Web',
    dsc: values.dsc ?? canal.dsc,
    activo: canal.activo,
    porHora: values.porHora ?? canal.porHora,
    hi: blankToNull(values.hi ?? canal.hi),
    hf: blankToNull(values.hf ?? canal.hf),
    msgFueraHora: blankToNull(values.msgFueraHora ?? canal.msgFueraHora),
    useChasqui: values.useChasqui ?? canal.useChasqui,
    chasquiUrl: blankToNull(values.chasquiUrl ?? canal.chasquiUrl),
    excluir: (values.excluir ?? canal.excluir).map(({ numero, nombre }) => ({ numero: numero ?? '', nombre: nombre ?? '' })),
    cfg: values.cfg ?? canal.cfg,
  };
  if (canal.id) {
    body.id = canal.id;
    body.rev = canal.rev;
  } else if (canal.idE) {
    // A new channel's company: only the system admin's choice counts on the server.
    body.idE = canal.idE;
  }
  const idR = values.idR === undefined ? canal.idR : values.idR;
  if (idR != null) body.idR = blankToNull(idR);
  const web = values.web === undefined ? canal.web : values.web;
  if (web != null) body.web = web;
  if (Object.keys(typed).length > 0) body.secretos = typed;
  return body;
}

const HOUR = new RegExp(HOUR_PATTERN);
export const isHour = (value: unknown): value is string => typeof value === 'string' && HOUR.test(value);
