// Every setting of the server, read from the environment, with defaults for the embedded run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_TS } from '../../common/schemas/rules';
import { keyFromDataDir, parseSecretKey } from './secrets';
import { AllowList } from './net/addresses';
import type { Resolver } from './net/outbound';

/**
 * The work one message may ask of the bot's patterns when the server sets no other
 * (PATTERN_BUDGET), in steps: each search costs the characters it reads times the instructions of
 * the pattern's program, which bounds RE2's time on it (its slowest path visits each instruction
 * once per character, some 0.1 µs a step on a busy machine). A message of 200 characters read by
 * ten expressions spends about half a million.
 */
export const DEFAULT_PATTERN_BUDGET = 4_000_000;

/** How instances learn about each other (tests shorten these). */
export interface PresenceTiming {
  /** Every this long an instance says it is still there. */
  announceMs: number;
  /** A peer not heard from for this long is forgotten. */
  peerTtlMs: number;
  /** After its LISTEN (re)starts, an instance notifies everything at least this long: time for the others' answers. */
  graceMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** The embedded run: SQLite under DATA_DIR, reached from this machine (no DATABASE_URL in the environment). */
  embedded: boolean;
  /** PostgreSQL: frequent statements are prepared once per connection (db/prepared.ts); false for a pooler that cannot keep them. */
  preparedStatements: boolean;
  apiBase: string;
  basePath: string;
  /** Hosts matching this pattern get the alternative brand. */
  altBrandHostPattern?: RegExp;
  brandName: string;
  altBrandName: string;
  /** Folder of the built console; unset means the API is served alone. */
  consoleDir?: string;
  /** Secret for captcha signatures; generated per process when unset. */
  captchaSecret: string;
  /**
   * AES-256-GCM key of secrets at rest: SECRET_KEY (base64 of 32 bytes), else `$DATA_DIR/secret.key`,
   * generated on first use. Several instances must share one SECRET_KEY.
   */
  secretKey: Buffer;
  /** Difficulty of the renewal captcha (proof-of-work cost). */
  captchaCost: number;
  /** Failed sign-ins of one account before it is locked, and for how long. */
  loginMaxFailures: number;
  loginLockMinutes: number;
  /** Sign-in attempts allowed per address per minute. */
  loginRatePerMinute: number;
  /** Anonymous calls of the session bootstrap (GET /public/athena) allowed per address per minute. */
  publicRatePerMinute: number;
  /** Default session inactivity limit in minutes when the company has no ts. */
  defaultSessionMinutes: number;
  /** Absolute lifetime of a signed-in session in hours, however active it is. */
  sessionMaxHours: number;
  /** Seed the demo companies and accounts on a first start (the embedded default, or SEED_DEMO=1). */
  seedDemo: boolean;
  /** The first system administrator's login on a first start without demo data. */
  adminEmail?: string;
  /** The console's public address, used in mails and what providers are told (and https here means Secure cookies and HSTS); unset, consoleAddress() gives where this server listens. */
  publicUrl?: string;
  /** The users' manual (an http or https address), linked from the history; unset shows no link. */
  manualUrl?: string;
  /** Fastify's trustProxy: which proxies' X-Forwarded-For to believe (client address for throttling and company ACLs). */
  trustProxy: boolean | string[];
  /**
   * LOG_LEVEL: pino's level (trace, debug, info, warn, error, fatal). Each request is logged at
   * debug (method, address, status and time), so only LOG_LEVEL=debug or trace shows them.
   */
  logLevel: string;
  /**
   * LOG_FORMAT: 'json' writes pino's JSON lines, for a log collector; 'texto' writes one readable
   * Spanish line per event (warnings start 'Aviso:', errors 'Error:'). Unset, 'texto' when standard
   * output is a terminal and 'json' otherwise.
   */
  logFormat: LogFormat;
  /** The heart-beat interval the STOMP endpoint offers clients, both ways (0: none). */
  stompHeartbeatMs: number;
  /** STOMP connections one console session, or one web-chat conversation, may hold open at once. */
  stompMaxConnectionsPerToken: number;
  /** STOMP sockets one client address may hold open at once. */
  stompMaxConnectionsPerIp: number;
  /** Subscriptions one STOMP connection may hold. */
  stompMaxSubscriptions: number;
  /** How often instances on one PostgreSQL tell each other they are there (tests shorten it; realtime/fanout.ts). */
  realtimePresence?: Partial<PresenceTiming>;
  /** Largest body a provider webhook (`{API_BASE}/wh/...`) reads, in KB: they are public, and read before their signature is checked. */
  webhookBodyLimitKb: number;
  /** Largest body a route reads unless it names its own limit, in KB: ordinary forms, searches and the web chat's messages fit well within it. */
  bodyLimitKb: number;
  /** Largest body of a save of one part of a bot whose lists can be long (a skill and its phrases, a phrase file, an action, a requirement, an entity) or of a channel's settings, in KB. */
  editorBodyLimitKb: number;
  /** Largest body of a bot's save or deploy, which carries its whole flow diagram and extras, in KB. */
  botBodyLimitKb: number;
  /**
   * Refused requests (400, 401, 403, 413) that carried a body, per minute: from one address without
   * a session, and from one signed-in session. Past them, the next request with a body gets 429
   * before it is read.
   */
  refusedRatePerMinute: number;
  refusedRatePerMinuteSignedIn: number;
  /** How long a bot's webhook may take before the engine gives up on it. */
  webhookTimeoutMs: number;
  /** The megabytes of files a company's clients may have stored with their conversations (ADJUNTOS_MB_POR_EMPRESA); past them, files are refused. */
  adjuntosMbPorEmpresa: number;
  /** Days a client's file is kept (ADJUNTOS_DIAS); older ones are deleted with the expired reports. */
  adjuntosDias: number;
  /** The work one chat message may ask of the bot's regular expressions, in steps (characters read × instructions; engine/patterns.ts). */
  patternBudget: number;
  /**
   * Internal destinations a bot's webhook, base URL or a relay may reach on purpose: host names,
   * host:port, IPs or CIDRs (OUTBOUND_ALLOW). The embedded run admits its own loopback host:port,
   * so the demo bot's order lookup reaches this server; PostgreSQL installations admit nothing.
   */
  outboundAllow: string[];
  /** How outbound calls resolve host names (tests map names to local addresses); dns.lookup when unset. */
  outboundResolve?: Resolver;
  /** The time zone dates and times in messages are read in ('mañana a las 5'). */
  chatTimeZone: string;
  /** The dashboard's details by department and by bot, for companies named '…internacional…' (DASHBOARD_PRERELEASE=1). */
  dashboardPrerelease: boolean;
  /** Base addresses of the providers' APIs (the public ones by default; tests point them at local fakes). */
  telegramApiBase: string;
  whatsappApiBase: string;
  /** Ends with '/', as @slack/web-api's slackApiUrl expects. */
  slackApiBase: string;
  /** Slack's OAuth v2 authorisation page, where 'Agregar Slack' sends the browser. */
  slackOauthBase: string;
  /**
   * Microsoft identity platform: the console's 'Ingresar con Microsoft', Teams' 'Iniciar sesión' and
   * 'Autorizar archivos', and the token Teams answers are posted with. Sign-in is off without a client id.
   */
  microsoftAuthority: string;
  microsoftClientId?: string;
  microsoftClientSecret?: string;
  /** Where Bot Framework publishes the keys it signs Teams' activities with. */
  botframeworkOpenidUrl: string;
  /** Google: the issuer of 'Iniciar sesión' of a Google Chat channel (off without a client id). */
  googleIssuer: string;
  googleClientId?: string;
  googleClientSecret?: string;
  /** The keys Google Chat signs its events' bearer tokens with, and the Chat API answers sent later go to. */
  googleChatCertsUrl: string;
  googleChatApiBase: string;
  /** Facebook: the Graph API (pages, Messenger profile, Send API), the OAuth dialog 'Conectar' opens, and the app. */
  graphApiBase: string;
  facebookDialogBase: string;
  facebookAppId?: string;
  facebookAppSecret?: string;
  /** X (Twitter) API v2: webhooks, Account Activity subscriptions and direct messages. */
  twitterApiBase: string;
  /** PEM certificates trusted, besides the system's, when posting to a WhatsApp relay (useChasqui) with a private certificate. */
  relayCa?: string;
  /** Caps that bound what one company can make the server store and train (services/bots/limits.ts). */
  maxFrasesPorSkill: number;
  maxSkillsPorBot: number;
  /** Training phrases of all of a bot's skills: what a deploy's training time and memory grow with. */
  maxFrasesPorBot: number;
  maxBotsPorEmpresa: number;
  /** A bot's QnAs (skills of tipo 2) and their question variants in total, counted apart from the skills above. */
  maxQnasPorBot: number;
  maxVariantesQnaPorBot: number;
  /** Largest bot file an import reads, in MB. */
  maxImportacionMb: number;
  /** A training in its worker thread is stopped past this many seconds, or past this old-generation heap. */
  trainTimeoutSeconds: number;
  trainMaxMemoryMb: number;
  /** Background jobs this instance runs at once (never two of one company). */
  jobConcurrency: number;
  /** History reports one user, and one company, may have being generated at once (asked, not yet finished). */
  informesEnCursoPorUsuario: number;
  informesEnCursoPorEmpresa: number;
  /** MB the files of one company's reports may hold in the database until they expire. */
  informesMbPorEmpresa: number;
  /** The old-generation heap of the worker thread that writes a report's file, in MB; past it the report ends in error. */
  informesMemoriaMb: number;
  /** A background job running past this is stopped (its slot freed, tried again later); one left running this long by a stopped instance is put back. */
  jobTimeoutSeconds: number;
  /** A job that could run and has waited this long while a slot was free: the runner logs an error and restarts. */
  jobStallSeconds: number;
  /** On SIGTERM, how long the turns and requests in flight may take to finish before the instance exits anyway. */
  shutdownGraceSeconds: number;
  /**
   * A message's delivery id is held this long by the instance running its turn, renewed every third
   * of it while the turn runs; a retry after an instance died takes it over once it runs out.
   */
  deliveryLeaseSeconds: number;
  /** The bearer token GET /metrics asks for (METRICS_TOKEN); unset, the route does not exist. */
  metricsToken?: string;
  /** The messages counter gets the company id as label `empresa` (METRICS_POR_EMPRESA=1). */
  metricsPorEmpresa: boolean;
  /** Clock, replaceable in tests. */
  now: () => number;
}

export type LogFormat = 'json' | 'texto';

/** LOG_FORMAT when set (anything else stops the start, with the reason); else readable lines in a terminal only. */
export function chooseLogFormat(value: string | undefined, terminal: boolean): LogFormat {
  const given = value?.trim().toLowerCase();
  if (!given) return terminal ? 'texto' : 'json';
  if (given === 'json' || given === 'texto') return given;
  throw new Error(`LOG_FORMAT debe ser 'json' o 'texto' (es '${value}').`);
}

/** Companies without a time zone of their own keep their days in this one (CHAT_TIME_ZONE's default). */
export const DEFAULT_CHAT_TIME_ZONE = 'America/Lima';

function int(value: string | undefined, fallback: number): number {
  const parsed = value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(parsed) ? parsed : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  // A SECRET_KEY that is set but wrong stops the start here, with the reason.
  const givenKey = env.SECRET_KEY ? parseSecretKey(env.SECRET_KEY) : undefined;
  let fileKey: Buffer | undefined;
  return {
    port: int(env.PORT, 8080),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    embedded: !env.DATABASE_URL,
    preparedStatements: env.DATABASE_PREPARED_STATEMENTS !== '0',
    apiBase: normaliseBase(env.API_BASE || '/api'),
    basePath: normaliseBase(env.BASE_PATH || '/'),
    altBrandHostPattern: env.ALT_BRAND_HOSTS ? new RegExp(env.ALT_BRAND_HOSTS, 'i') : undefined,
    brandName: env.BRAND_NAME || 'Quipu',
    altBrandName: env.ALT_BRAND_NAME || 'Quipu Andes',
    consoleDir: env.CONSOLE_DIR === '' ? undefined : path.resolve(env.CONSOLE_DIR || './dist'),
    captchaSecret: env.CAPTCHA_SECRET || cryptoRandom(),
    // Read (or created) only when first needed: buildApp asks for it at start-up.
    get secretKey() {
      return givenKey ?? (fileKey ??= keyFromDataDir(dataDir));
    },
    captchaCost: int(env.CAPTCHA_COST, 2000),
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, 5),
    loginLockMinutes: int(env.LOGIN_LOCK_MINUTES, 15),
    loginRatePerMinute: int(env.LOGIN_RATE_PER_MINUTE, 30),
    publicRatePerMinute: int(env.PUBLIC_RATE_PER_MINUTE, 60),
    defaultSessionMinutes: int(env.SESSION_MINUTES, DEFAULT_TS),
    sessionMaxHours: int(env.SESSION_MAX_HOURS, 12),
    // Demo accounts with a published password only where nobody else can reach them by default.
    seedDemo: env.SEED_DEMO === '1' || (!env.DATABASE_URL && env.SEED_DEMO !== '0'),
    adminEmail: env.ADMIN_EMAIL?.trim().toLowerCase() || undefined,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/*$/, '/') : undefined,
    manualUrl: /^https?:\/\/\S+$/.test(env.MANUAL_URL ?? '') ? env.MANUAL_URL : undefined,
    trustProxy: trustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: chooseLogFormat(env.LOG_FORMAT, process.stdout.isTTY === true),
    stompHeartbeatMs: int(env.STOMP_HEARTBEAT_MS, 10_000),
    stompMaxConnectionsPerToken: int(env.STOMP_MAX_CONNECTIONS_PER_TOKEN, 10),
    stompMaxConnectionsPerIp: int(env.STOMP_MAX_CONNECTIONS_PER_IP, 200),
    stompMaxSubscriptions: int(env.STOMP_MAX_SUBSCRIPTIONS, 16),
    webhookTimeoutMs: int(env.WEBHOOK_TIMEOUT_MS, 10_000),
    adjuntosMbPorEmpresa: positive(env.ADJUNTOS_MB_POR_EMPRESA, 500),
    adjuntosDias: positive(env.ADJUNTOS_DIAS, 30),
    patternBudget: int(env.PATTERN_BUDGET, DEFAULT_PATTERN_BUDGET),
    webhookBodyLimitKb: int(env.WEBHOOK_BODY_LIMIT_KB, 256),
    bodyLimitKb: positive(env.BODY_LIMIT_KB, 64),
    editorBodyLimitKb: positive(env.EDITOR_BODY_LIMIT_KB, 1024),
    botBodyLimitKb: positive(env.BOT_BODY_LIMIT_KB, 5120),
    refusedRatePerMinute: positive(env.REFUSED_RATE_PER_MINUTE, 30),
    refusedRatePerMinuteSignedIn: positive(env.REFUSED_RATE_PER_MINUTE_SIGNED_IN, 300),
    outboundAllow: outboundAllow(env),
    chatTimeZone: env.CHAT_TIME_ZONE || DEFAULT_CHAT_TIME_ZONE,
    dashboardPrerelease: env.DASHBOARD_PRERELEASE === '1' || env.DASHBOARD_PRERELEASE === 'true',
    telegramApiBase: withoutSlash(env.TELEGRAM_API_BASE || 'https://api.telegram.org'),
    whatsappApiBase: withoutSlash(env.WHATSAPP_API_BASE || 'https://graph.facebook.com/v21.0'),
    slackApiBase: withoutSlash(env.SLACK_API_BASE || 'https://slack.com/api') + '/',
    slackOauthBase: env.SLACK_OAUTH_BASE || 'https://slack.com/oauth/v2/authorize',
    microsoftAuthority: withoutSlash(env.MICROSOFT_AUTHORITY || 'https://login.microsoftonline.com/common/v2.0'),
    microsoftClientId: env.MICROSOFT_CLIENT_ID || undefined,
    microsoftClientSecret: env.MICROSOFT_CLIENT_SECRET || undefined,
    botframeworkOpenidUrl: env.BOTFRAMEWORK_OPENID_URL || 'https://login.botframework.com/v1/.well-known/openidconfiguration',
    googleIssuer: withoutSlash(env.GOOGLE_ISSUER || 'https://accounts.google.com'),
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    googleClientSecret: env.GOOGLE_CLIENT_SECRET || undefined,
    googleChatCertsUrl: env.GOOGLE_CHAT_CERTS_URL || 'https://www.googleapis.com/service_accounts/v1/jwk/chat@system.gserviceaccount.com',
    googleChatApiBase: withoutSlash(env.GOOGLE_CHAT_API_BASE || 'https://chat.googleapis.com/v1'),
    graphApiBase: withoutSlash(env.GRAPH_API_BASE || 'https://graph.facebook.com/v21.0'),
    facebookDialogBase: env.FACEBOOK_DIALOG_BASE || 'https://www.facebook.com/v21.0/dialog/oauth',
    facebookAppId: env.FACEBOOK_APP_ID || undefined,
    facebookAppSecret: env.FACEBOOK_APP_SECRET || undefined,
    twitterApiBase: withoutSlash(env.TWITTER_API_BASE || 'https://api.x.com'),
    relayCa: env.RELAY_CA_FILE ? fs.readFileSync(env.RELAY_CA_FILE, 'utf8') : undefined,
    // A 1,000-skill bot of 20 phrases each (the NLU bench's) stays within every cap.
    maxFrasesPorSkill: positive(env.MAX_FRASES_POR_SKILL, 500),
    maxSkillsPorBot: positive(env.MAX_SKILLS_POR_BOT, 1000),
    maxFrasesPorBot: positive(env.MAX_FRASES_POR_BOT, 20_000),
    maxBotsPorEmpresa: positive(env.MAX_BOTS_POR_EMPRESA, 100),
    maxQnasPorBot: positive(env.MAX_QNAS_POR_BOT, 10_000),
    maxVariantesQnaPorBot: positive(env.MAX_VARIANTES_QNA_POR_BOT, 200_000),
    maxImportacionMb: positive(env.MAX_IMPORTACION_MB, 10),
    trainTimeoutSeconds: positive(env.TRAIN_TIMEOUT_SECONDS, 300),
    trainMaxMemoryMb: positive(env.TRAIN_MAX_MEMORY_MB, 512),
    jobConcurrency: positive(env.JOB_CONCURRENCY, defaultJobConcurrency()),
    // A few reports at once (with and without the messages, of two bots) pass; a burst does not.
    informesEnCursoPorUsuario: positive(env.INFORMES_EN_CURSO_POR_USUARIO, 3),
    informesEnCursoPorEmpresa: positive(env.INFORMES_EN_CURSO_POR_EMPRESA, 10),
    informesMbPorEmpresa: positive(env.INFORMES_MB_POR_EMPRESA, 500),
    informesMemoriaMb: positive(env.INFORMES_MEMORIA_MB, 256),
    jobTimeoutSeconds: positive(env.JOB_TIMEOUT_SECONDS, 900),
    jobStallSeconds: positive(env.JOB_STALL_SECONDS, 60),
    shutdownGraceSeconds: positive(env.SHUTDOWN_GRACE_SECONDS, 20),
    deliveryLeaseSeconds: positive(env.DELIVERY_LEASE_SECONDS, 5),
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsPorEmpresa: env.METRICS_POR_EMPRESA === '1',
    now: () => Date.now(),
    ...overrides,
  };
}

/**
 * The console's address as this server gives it out (mail links, what a provider is told to call,
 * a relay's file): PUBLIC_URL, else where this server listens as this machine reaches it. Never a
 * request's Host or Origin, which whoever sends the request chooses.
 */
export function consoleAddress(config: Pick<Config, 'publicUrl' | 'host' | 'port' | 'basePath'>): string {
  return config.publicUrl ?? `http://${ownHost(config.host)}:${config.port}${config.basePath === '/' ? '/' : `${config.basePath}/`}`;
}

/** HOST as this machine reaches it, bracketed when IPv6: a wildcard bind on loopback. */
function ownHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** A whole number above zero, else the default. */
function positive(value: string | undefined, fallback: number): number {
  const parsed = int(value, fallback);
  return parsed > 0 ? parsed : fallback;
}

/** One core left to answer chats, at most four jobs at once. */
function defaultJobConcurrency(): number {
  return Math.min(4, Math.max(1, os.availableParallelism() - 1));
}

/**
 * OUTBOUND_ALLOW as a list (a bad entry stops the start, with the reason). Unset on the embedded
 * database: this server's own loopback address and port, where the demo bot's webhook goes.
 */
function outboundAllow(env: NodeJS.ProcessEnv): string[] {
  if (env.OUTBOUND_ALLOW === undefined) return env.DATABASE_URL ? [] : ownLoopback(env.HOST || '127.0.0.1', int(env.PORT, 8080));
  const entries = env.OUTBOUND_ALLOW.split(',').map((entry) => entry.trim()).filter(Boolean);
  new AllowList(entries);
  return entries;
}

/** host:port this server answers on from the same machine (a wildcard bind or a name is reached on loopback). */
function ownLoopback(host: string, port: number): string[] {
  if (host === 'localhost') return [`127.0.0.1:${port}`, `[::1]:${port}`];
  return [`${ownHost(host)}:${port}`];
}

/** Unset: trust no proxy; 'true': any; else a comma list of proxy addresses/CIDRs. */
function trustProxy(value: string | undefined): boolean | string[] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((entry) => entry.trim()).filter(Boolean);
}

function withoutSlash(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

function normaliseBase(base: string): string {
  const trimmed = '/' + base.replace(/^\/+|\/+$/g, '');
  return trimmed;
}

function cryptoRandom(): string {
  return globalThis.crypto.randomUUID() + globalThis.crypto.randomUUID();
}
