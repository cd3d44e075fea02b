// Kysely table types. Booleans are stored as 0/1 and dates as ISO-8601 text on both dialects,
// so the same queries and the same sort order hold on SQLite and PostgreSQL.
import type { ColumnType, Generated } from 'kysely';

export type Bool = 0 | 1;

export interface EmpresaTable {
  id: string;
  nm: string;
  ruc: string;
  activo: Bool;
  audit: Bool;
  dir: string | null;
  tel: string | null;
  c: string | null;
  razon: string | null;
  cs: string | null;
  csA: string | null;
  csE: string | null;
  consulta: string | null;
  fc: string;
  ff: string | null;
  acl: Bool;
  /** JSON array of ip/netmask strings. */
  aclList: string;
  liveAgent: Bool;
  tg: Bool;
  /** Session inactivity limit, in minutes. */
  ts: number;
  tk1: string | null;
  tk2: string | null;
  tk3: string | null;
  tk4: string | null;
  /** IANA time zone of the channels' hours; null reads CHAT_TIME_ZONE. */
  tz: string | null;
  /** Optimistic-lock counter, bumped by every update. */
  version: Generated<number>;
}

export interface UsuarioTable {
  id: string;
  /** Login: an e-mail, stored lower-case, unique. */
  usuario: string;
  idE: string;
  rol: string;
  nm: string;
  ap: string;
  a: Bool;
  /** Login of the user who created this one. */
  uc: string | null;
  sso: Bool;
  pmHist: Bool;
  showChannels: Bool;
  fc: string;
  /** scrypt$N$r$p$salt$hash */
  pwd: string;
  /** When set and past, sign-in leads to renewal. */
  pwdExpira: string | null;
  fallos: Generated<number>;
  bloqueoHasta: string | null;
  version: Generated<number>;
  /** A recovery's mailed password (scrypt), valid once until pwdPendienteHasta; the current one keeps working meanwhile. */
  pwdPendiente: ColumnType<string | null, string | null | undefined, string | null>;
  pwdPendienteHasta: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A background job (jobs/queue.ts). Times are ms since the epoch. */
export interface TrabajoTable {
  id: string;
  tipo: string;
  clave: string | null;
  /** JSON. */
  datos: string;
  estado: ColumnType<'pendiente' | 'enCurso' | 'hecho' | 'error', 'pendiente' | undefined, 'pendiente' | 'enCurso' | 'hecho' | 'error'>;
  intentos: Generated<number>;
  ejecutarDesde: number;
  fc: number;
  ff: number | null;
  error: string | null;
  /** The company the job works for; null for work of no company (a password recovery). */
  idE: string | null;
  /** When it was last started (set when a worker claims it). */
  fi: number | null;
}

/** A count a migration owes the recorded history, done as a job (migration 024). Times are ms since the epoch. */
export interface RellenoTable {
  /** 'uso' (migration 014), 'clientes' (015), 'qna' (018). */
  id: string;
  /** Done in this order: the sketches of 'clientes' come from the client-days that 'uso' counts. */
  orden: number;
  estado: ColumnType<'pendiente' | 'enCurso' | 'hecho', 'pendiente' | undefined, 'pendiente' | 'enCurso' | 'hecho'>;
  /** ISO instant: the messages recorded before it are the count's. */
  corte: string;
  /** Where the next page starts (JSON, the count's own); '' before the first. */
  cursor: Generated<string>;
  /** Messages (or client-days, for 'clientes') read so far. */
  leidos: Generated<number>;
  fi: number | null;
  ff: number | null;
  /** The last failure, kept until the count goes on. */
  error: string | null;
}

export interface SesionTable {
  /** SHA-256 of the cookie token, hex. */
  id: string;
  /** Null for the anonymous pre-session made by GET /public/athena. */
  idU: string | null;
  /** Integrity signing key, base64url. */
  k: string;
  fc: string;
  /** Last activity, ms since epoch. */
  ua: number;
  /** Last check of the company's access list and end date, ms since epoch (migration 005). */
  checkedAt: number | null;
}

export interface NonceTable {
  nonce: string;
  ts: number;
}

/** An OpenID Connect sign-in under way (migration 019). */
export interface OidcEstadoTable {
  /** SHA-256 of the state, hex. */
  id: string;
  idSesion: string;
  proveedor: string;
  nonce: string;
  verificador: string;
  idCanal: string | null;
  idU: string | null;
  tipo: string | null;
  /** ms since epoch. */
  expira: number;
}

/** A page of a Facebook channel (migration 020). */
export interface FbPaginaTable {
  idCanal: string;
  id: string;
  name: string;
  /** The page access token's ciphertext. */
  token: string;
  b: string | null;
}

export interface EmailCfgTable {
  id: string;
  host: string;
  port: number;
  username: string;
  password: string;
  email: string;
  provider: string;
  fm: string;
}

export interface AuditoriaTable {
  id: string;
  idU: string;
  /** Login of idU when the row was written. */
  us: string;
  idE: string;
  ev: number;
  fc: string;
  val: string | null;
  /** JSON [{tipo, id}]: what `val` names by its id, so the search can name it as it is now. */
  refs: string | null;
}

export interface BotTable {
  id: string;
  idE: string;
  nm: string;
  dsc: string | null;
  fc: string;
  imp: Generated<Bool>;
  shared: Generated<Bool>;
  idClone: string | null;
  tsession: Generated<number>;
  timeout: number | null;
  main: Generated<Bool>;
  destroy: Generated<Bool>;
  qna: Generated<Bool>;
  qnaExtrn: Generated<Bool>;
  qnaUrl: string | null;
  qnaCron: string | null;
  ttoken: string | null;
  baseUrl: string | null;
  baseUrlRemoto: string | null;
  /** JSON: BotParams. */
  params: Generated<string>;
  /** JSON: Diagram. */
  diagram: Generated<string>;
  /** JSON: Extra[]. */
  extras: Generated<string>;
  /** JSON: [{key, enc}] where enc is the AES-256-GCM ciphertext; never sent to a client. */
  extrasEnc: Generated<string>;
  version: Generated<number>;
  msg: string | null;
  rev: Generated<number>;
}

export interface SkillTable {
  id: string;
  idBot: string;
  nm: string;
  dsc: string | null;
  tipo: Generated<number>;
  /** JSON: string[]. */
  frases: Generated<string>;
  /** JSON: the other fields of a skill. */
  cfg: Generated<string>;
  fc: string;
  rev: Generated<number>;
  /** Last change, ISO-8601 (null: fc stands). */
  fa: string | null;
  /** 0 a person made it, 1 an import or schedule (a QnA's 'Creado por'). */
  origen: Generated<number>;
}

export interface AccionTable {
  id: string;
  idBot: string;
  idSkill: string;
  type: string;
  ord: Generated<number>;
  /** JSON: the action's other fields. */
  cfg: Generated<string>;
  rev: Generated<number>;
}

export interface RequerimientoTable {
  id: string;
  idBot: string;
  idSkill: string;
  op: Generated<string>;
  tp: Generated<number>;
  /** JSON. */
  fields: Generated<string>;
  /** JSON. */
  replyMissing: Generated<string>;
  rev: Generated<number>;
}

export interface EntidadTable {
  id: string;
  idBot: string;
  nm: string;
  dsc: string | null;
  rgx: Generated<Bool>;
  format: string | null;
  /** JSON: string[]. */
  keywords: Generated<string>;
  type: string | null;
  /** JSON: [{nm, tp}]. */
  paths: Generated<string>;
}

export interface FraseNrTable {
  id: string;
  idBot: string;
  f: string;
  /** SHA-256 of f (hex), unique per bot: one row per text (services/bots/frases.ts phraseHash). */
  fh: string;
  c: Generated<number>;
  fc: string;
}

export interface BotVersionTable {
  id: string;
  idBot: string;
  version: number;
  idU: string | null;
  fc: string;
  ffin: string | null;
  dur: number | null;
  done: Generated<Bool>;
  error: Generated<Bool>;
  msg: string | null;
  /** JSON: the complete definition; null until the deploy is done. */
  snapshot: string | null;
  /** JSON: the trained intent model (engine/nlu/model.ts SerializedModel). */
  model: string | null;
  /** JSON: {total, fallidas: [{id, nm}]}, the regression tests at deploy. */
  pruebas: string | null;
  /** 0 to 100 while the model trains. */
  progreso: number | null;
}

/** A regression test of a bot: messages and the skills that must answer them. */
export interface PruebaTable {
  id: string;
  idBot: string;
  nm: string;
  /** JSON: PruebaPaso[]. */
  pasos: string;
  red: Generated<number>;
  fc: string;
}

/** The person on the other side of a conversation. */
export interface ChatClienteTable {
  id: string;
  idE: string;
  idChannel: string;
  psi: string;
  red: number;
  nm: string | null;
  test: Generated<Bool>;
  idU: string | null;
  fc: string;
}

/** A file a client sent that its skill admitted (migration 021). */
export interface AdjuntoTable {
  id: string;
  idE: string;
  idSesion: string;
  idMensaje: string;
  nm: string;
  tipo: string;
  tam: number;
  datos: Uint8Array;
  /** ms since epoch. */
  fc: number;
}

/** A session of a client with a bot. */
export interface ChatSesionTable {
  id: string;
  idClt: string;
  idE: string;
  idBot: string;
  red: number;
  test: Generated<Bool>;
  fi: string;
  ff: string | null;
}

/** A message of a session: t 0 from the bot, 1 from the client. */
export interface ChatMensajeTable {
  id: string;
  idSesion: string;
  idBot: string;
  t: number;
  m: string;
  tipo: string;
  body: string | null;
  idSkill: string | null;
  score: number | null;
  fc: string;
  seq: number;
}

/** The live state of a conversation (engine/runtime.ts). */
export interface ConversacionTable {
  id: string;
  idE: string;
  idBot: string;
  idChannel: string;
  psi: string;
  idClt: string;
  idSesion: string | null;
  test: Generated<Bool>;
  sesion: string | null;
  /** JSON: ConversationState. */
  estado: Generated<string>;
  ua: number;
  rev: Generated<number>;
}

/** A channel; JSON columns hold the web appearance, settings and encrypted secrets. */
export interface CanalTable {
  id: string;
  idE: string;
  name: string;
  red: number;
  dsc: string;
  activo: Bool;
  idR: string | null;
  b: string | null;
  porHora: Bool;
  hi: string | null;
  hf: string | null;
  msgFueraHora: string | null;
  liveAgent: Bool;
  email: string | null;
  useChasqui: Bool;
  chasquiUrl: string | null;
  /** JSON: [{numero, nombre}]. */
  excluir: Generated<string>;
  /** JSON: WebConfig, or null. */
  web: string | null;
  /** JSON: CanalCfg. */
  cfg: Generated<string>;
  /** JSON: {name: ciphertext}. */
  secretos: Generated<string>;
  uc: string | null;
  fc: string;
  rev: Generated<number>;
}

/** A provider delivery already taken (a retried webhook is answered once). */
export interface CanalEntregaTable {
  idCanal: string;
  clave: string;
  fc: number;
  /** While its turn runs, until when the instance running it holds it (ms since the epoch); null once answered (migration 023). */
  hasta: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Rows per company of a counted table (usuario, auditoria), kept by triggers (migration 002). */
export interface ConteoTable {
  tabla: string;
  idE: string;
  n: number;
}

/** A client's activity with a bot on one day of the company (the history's cards). */
export interface ChatClienteDiaTable {
  idBot: string;
  dia: string;
  idClt: string;
  idE: string;
  red: number;
  nm: string | null;
  ses: Generated<number>;
  msg: Generated<number>;
  ultimo: string;
}

/** The dashboard's counters per bot, day, hour and channel. */
export interface UsoTable {
  idBot: string;
  dia: string;
  hora: number;
  idChannel: string;
  idE: string;
  red: number;
  /** 1 Sunday … 7 Saturday. */
  ds: number;
  ses: Generated<number>;
  clt: Generated<number>;
  msg: Generated<number>;
}

/** The distinct clients of a bot on a day through a channel: a HyperLogLog sketch (db/hll.ts). */
export interface UsoClientesTable {
  idBot: string;
  dia: string;
  idChannel: string;
  idE: string;
  red: number;
  hll: Uint8Array;
}

/** Per bot, day and skill: answers, sessions that reached it, sessions that ended there. */
export interface UsoSkillTable {
  idBot: string;
  dia: string;
  idSkill: string;
  idE: string;
  n: Generated<number>;
  llegan: Generated<number>;
  terminan: Generated<number>;
}

/** A bot's KB tag; t0, the global tag, is never stored. */
export interface TagKbTable {
  idBot: string;
  sg: string;
  nm: string;
  /** nm folded: lowercase, without accents. */
  nmKey: string;
}

/** One QnA import: a file, 'Importar Ahora' or a scheduled firing. */
export interface QnaImportacionTable {
  id: string;
  idE: string;
  idBot: string;
  idU: string | null;
  /** 'archivo', 'ahora' or 'programada'. */
  origen: string;
  fuente: string;
  /** bot:firing of a scheduled import; null otherwise. */
  clave: string | null;
  fc: string;
  done: Generated<number>;
  dur: number | null;
  error: string | null;
  /** JSON [{e, t}]. */
  errores: Generated<string>;
  progreso: Generated<number>;
  total: Generated<number>;
  nuevos: Generated<number>;
  actualizados: Generated<number>;
  remove: Generated<number>;
}

/** A question the knowledge base could not answer, per entry skill. */
export interface QnaNfTable {
  id: string;
  idBot: string;
  idE: string;
  idSkill: string;
  txt: string;
  /** SHA-256 of txt (hex). */
  th: string;
  c: Generated<number>;
  fc: string;
}

/** A rating of a QnA's answer in a chat session: ok 1 good, 0 bad. */
export interface QnaCalificacionTable {
  id: string;
  idBot: string;
  idE: string;
  idQna: string;
  idSesion: string;
  ok: number;
  dia: string;
  fc: string;
}

/** Per bot, QnA and company day: answers given, good and bad ratings. */
export interface UsoQnaTable {
  idBot: string;
  dia: string;
  idQna: string;
  idE: string;
  n: Generated<number>;
  ok: Generated<number>;
  bad: Generated<number>;
}

/** Per bot and company day: questions the knowledge base could not answer. */
export interface UsoKbTable {
  idBot: string;
  dia: string;
  idE: string;
  nf: Generated<number>;
}

/** A generated report; its file is in informe_parte. */
export interface InformeTable {
  id: string;
  idE: string;
  idBot: string | null;
  idU: string | null;
  tipo: string;
  nm: string;
  datos: string;
  estado: 'generando' | 'hecho' | 'error';
  progreso: Generated<number>;
  total: Generated<number>;
  error: string | null;
  tam: number | null;
  fc: number;
  expira: number;
}

export interface InformeParteTable {
  idInforme: string;
  n: number;
  datos: Uint8Array;
}

/** A setting of the installation itself (the fingerprint of SECRET_KEY), by name. */
export interface AjusteTable {
  nombre: string;
  valor: string;
}

export interface Database {
  empresa: EmpresaTable;
  usuario: UsuarioTable;
  sesion: SesionTable;
  nonce: NonceTable;
  oidc_estado: OidcEstadoTable;
  fb_pagina: FbPaginaTable;
  email_cfg: EmailCfgTable;
  auditoria: AuditoriaTable;
  bot: BotTable;
  skill: SkillTable;
  accion: AccionTable;
  requerimiento: RequerimientoTable;
  entidad: EntidadTable;
  frase_nr: FraseNrTable;
  bot_version: BotVersionTable;
  conteo: ConteoTable;
  trabajo: TrabajoTable;
  prueba: PruebaTable;
  chat_cliente: ChatClienteTable;
  chat_sesion: ChatSesionTable;
  chat_mensaje: ChatMensajeTable;
  adjunto: AdjuntoTable;
  conversacion: ConversacionTable;
  canal: CanalTable;
  canal_entrega: CanalEntregaTable;
  chat_cliente_dia: ChatClienteDiaTable;
  uso: UsoTable;
  uso_skill: UsoSkillTable;
  uso_clientes: UsoClientesTable;
  informe: InformeTable;
  informe_parte: InformeParteTable;
  tag_kb: TagKbTable;
  qna_importacion: QnaImportacionTable;
  qna_nf: QnaNfTable;
  qna_calificacion: QnaCalificacionTable;
  uso_qna: UsoQnaTable;
  uso_kb: UsoKbTable;
  ajuste: AjusteTable;
  relleno: RellenoTable;
}
