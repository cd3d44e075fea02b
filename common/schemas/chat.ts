// The engine's conversations (chat message, test chat, /webchat/demo, /skill.test, the websocket
// topics; session, message, client card), and what the test chat adds: the debug of each answer
// and the bot's regression tests.
import { Type, type Static } from 'typebox';
import { CANAL_KINDS, CANAL_NAMES } from './canales';
import { closed, literals } from './common';
import { ALL_CHANNELS } from './skillRules';
import { CHAT_FILES, CHAT_FILE_MESSAGES } from './chatFiles';

const Id = Type.String({ minLength: 1, maxLength: 64 });

/** The longest message a client may send; the engine reads the first 4,000 characters of it. */
export const MAX_MESSAGE = 8000;

export { CHAT_FILES };
/** The test chat's fixed channel id and demo name. */
export const DEMO_CHANNEL = 'demo';
export const DEMO_NAME = 'Demo';
/** Web: the test chat's channel by default, the kind every company has. */
export const DEFAULT_TEST_RED = CANAL_KINDS.Web.red;
/** The channels a test conversation can be on: every kind of channel (CANAL_KINDS), or 8 for all. */
export const TEST_REDS: readonly number[] = [...CANAL_NAMES.map((kind) => CANAL_KINDS[kind].red), ALL_CHANNELS];

export const CHAT_TYPES = ['TEXT', 'CARD', 'IMAGE', 'CAROUSEL', 'BUTTON'] as const;
export type ChatType = (typeof CHAT_TYPES)[number];

/** A button as the client renders it: POSTBACK sends `value` back, WEB_URL opens it, CALL dials it. */
export const ChatButton = Type.Object({
  type: Type.String(),
  title: Type.String(),
  subtitle: Type.Optional(Type.String()),
  value: Type.Optional(Type.String()),
  render: Type.Optional(Type.String()),
});
export type ChatButton = Static<typeof ChatButton>;

export const ChatCard = Type.Object({
  title: Type.String(),
  subtitle: Type.Optional(Type.String()),
  image_url: Type.Optional(Type.String()),
  buttons: Type.Array(ChatButton),
});
export type ChatCard = Static<typeof ChatCard>;

/** Why a turn produced no message (TurnDebug.noAnswer). */
export const NO_ANSWER_REASONS = ['sinSkills', 'sinRespaldo', 'sinMensajes'] as const;
export type NoAnswerReason = (typeof NO_ANSWER_REASONS)[number];

/** What the engine did for one message, sent with each answer when the chat is a test (`debug` key). */
export const TurnDebug = Type.Object({
  /** The id of the user's message this answers; every message of one answer carries the same. */
  turn: Type.String(),
  /** What the user sent: the text, or the postback's value. */
  input: Type.String(),
  /** How the skill was chosen: by the classifier, a postback, a pending requirement, a GO_SKILL, … */
  via: literals(['clasificador', 'postback', 'requerimiento', 'salto', 'reintento', 'humano', 'sesion', 'kb'] as const),
  /** The skill that answered, with its score (null: nothing answered, no fallback either). */
  skill: Type.Union([Type.Null(), Type.Object({ id: Type.String(), nm: Type.String(), score: Type.Number() })]),
  recognised: Type.Boolean(),
  /** The best three candidates of the classifier, best first (the first is usually the winner). */
  candidates: Type.Array(Type.Object({
    skillId: Type.String(), nm: Type.String(), score: Type.Number(), threshold: Type.Number(), passed: Type.Boolean(), reason: Type.String(),
  })),
  /** Every skill that ran for this message, in order (jumps included). */
  skills: Type.Array(Type.Object({ id: Type.String(), nm: Type.String() })),
  /** Entities found in the message: entity id (bot's own or internal), its name, the value and the text it came from. */
  entities: Type.Array(Type.Object({ id: Type.String(), nm: Type.String(), type: Type.Integer(), value: Type.String(), text: Type.String() })),
  /** The conversation's memory after the answer. */
  memory: Type.Record(Type.String(), Type.Unknown()),
  /** Requirement fields still missing, with the message that asks for them. */
  missing: Type.Array(Type.Object({ id: Type.String(), nm: Type.String(), message: Type.String() })),
  webhooks: Type.Array(Type.Object({
    method: Type.String(), url: Type.String(), status: Type.Union([Type.Integer(), Type.Null()]), ms: Type.Number(), error: Type.Optional(Type.String()), skipped: Type.Optional(Type.Boolean()),
    /** Headers of the action that were not sent: Host, X-Forwarded-*, Forwarded, X-Real-IP and hop-by-hop ones. */
    droppedHeaders: Type.Optional(Type.Array(Type.String())),
  })),
  /** The conversation is waiting for a person (GO_HUMAN), or now belongs to another bot (GO_BOT). */
  human: Type.Boolean(),
  bot: Type.Object({ id: Type.String(), nm: Type.String() }),
  /**
   * Why the bot sent nothing, when it sent nothing: it has no skills (sinSkills); no skill took the
   * message and it has no fallback skill (sinRespaldo); the skills that ran sent no message (sinMensajes).
   */
  noAnswer: Type.Optional(literals(NO_ANSWER_REASONS)),
});
export type TurnDebug = Static<typeof TurnDebug>;

/** A chat message, as the STOMP topics carry it and POST /webchat/demo answers it. */
export const ChatMessage = Type.Object({
  id: Type.String(),
  type: literals(CHAT_TYPES),
  text: Type.Optional(Type.String()),
  image_url: Type.Optional(Type.String()),
  title: Type.Optional(Type.String()),
  subtitle: Type.Optional(Type.String()),
  buttons: Type.Optional(Type.Array(ChatButton)),
  carousel: Type.Optional(Type.Array(ChatCard)),
  /** Buttons shown as quick replies (QUICK_REPLY actions), which go away once one is chosen. */
  quick: Type.Optional(Type.Boolean()),
  /** When it was sent (ISO). */
  fc: Type.String(),
  debug: Type.Optional(TurnDebug),
});
export type ChatMessage = Static<typeof ChatMessage>;

/**
 * POST /webchat/demo: a message (text) or a postback (a button's value) from `psi` to
 * the bot. `test` talks to the working definition, otherwise to the deployed version; either way
 * the conversation is a test one, which the history, the reports and the dashboard never show.
 * `red` is the channel code whose actions answer (8 all); `idChannel`, when given, can only be the
 * test chat's own (`demo`). The answer goes to the user's own `/user/bot/{idBot}/{psi}`
 * (schemas/destinations.ts), and is also the body of the reply.
 */
export const WebchatBody = Type.Object({
  psi: Type.String({ minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' }),
  idBot: Id,
  message: Type.Optional(Type.String({ maxLength: MAX_MESSAGE })),
  postback: Type.Optional(Type.String({ maxLength: 1000 })),
  idChannel: Type.Optional(Type.String({ maxLength: 64 })),
  test: Type.Optional(Type.Boolean()),
  red: Type.Optional(Type.Enum([...TEST_REDS])),
  nm: Type.Optional(Type.String({ maxLength: 200 })),
  user: Type.Optional(Type.String({ maxLength: 200 })),
  idE: Type.Optional(Type.String({ maxLength: 64 })),
}, closed);
export type WebchatBody = Static<typeof WebchatBody>;

/** POST /webchat/demo.terminar ('Terminar atención'): the conversation whose wait for a person ends now. */
export const WebchatEndBody = Type.Object({
  psi: WebchatBody.properties.psi,
  idBot: Id,
  idChannel: Type.Optional(Type.String({ maxLength: 64 })),
  test: Type.Optional(Type.Boolean()),
  red: Type.Optional(Type.Enum([...TEST_REDS])),
}, closed);
export type WebchatEndBody = Static<typeof WebchatEndBody>;

/** The answer of a turn of the console's chat; in a test, `debug` says what the engine did even when it sent no message. */
export const WebchatAnswer = Type.Object({ psi: Type.String(), messages: Type.Array(ChatMessage), debug: Type.Optional(TurnDebug) });
export type WebchatAnswer = Static<typeof WebchatAnswer>;

/**
 * GET /webchat/demo/mensajes: the bot's messages in the user's test conversation `psi` (its current
 * chat session) after the message `desde`, all of them when that id is not among them: what a
 * console back from a lost connection missed.
 */
export const WebchatMissedQuery = Type.Object({ idBot: Id, psi: Type.String({ maxLength: 100 }), desde: Type.Optional(Type.String({ maxLength: 64 })) });
export type WebchatMissedQuery = Static<typeof WebchatMissedQuery>;
export const WebchatMissedAnswer = Type.Object({ messages: Type.Array(ChatMessage) });
export type WebchatMissedAnswer = Static<typeof WebchatMissedAnswer>;

/** DELETE /webchat/demo: the signed-in user's test conversations (with one bot, or all). */
export const WebchatDeleteQuery = Type.Object({
  user: Type.Optional(Type.String({ maxLength: 200 })),
  idE: Type.Optional(Type.String({ maxLength: 64 })),
  idBot: Type.Optional(Id),
  psi: Type.Optional(Type.String({ maxLength: 100 })),
});

/**
 * POST /skill.test ('Probar Skill'): does `text` reach skill `id` of the working definition?
 * With `token` the token test: which of the skill's tokens the text matches.
 */
export const SkillTestBody = Type.Object({
  id: Id,
  idBot: Id,
  text: Type.String({ maxLength: MAX_MESSAGE }),
  token: Type.Optional(Type.Boolean()),
}, closed);
export type SkillTestBody = Static<typeof SkillTestBody>;

export const SkillTestAnswer = Type.Object({
  /** The text reaches this skill. */
  match: Type.Boolean(),
  text: Type.String(),
  /** This skill's score and threshold, and why it passes or not (matcher reasons). */
  score: Type.Number(),
  threshold: Type.Number(),
  reason: Type.String(),
  /** The skill that answers the text, when it is another (null: this one, or nothing). */
  winner: Type.Union([Type.Null(), Type.Object({ id: Type.String(), nm: Type.String(), score: Type.Number() })]),
  /** Token test: each token of the skill, whether it matched, and what matched it (key). */
  result: Type.Array(Type.Object({ match: Type.Boolean(), key: Type.String(), nm: Type.String(), obl: Type.Boolean() })),
});
export type SkillTestAnswer = Static<typeof SkillTestAnswer>;

// ---------------------------------------------------------------------------------------------
// Regression tests of a bot: a conversation kept with the skills that must answer each message.

export const PruebaPaso = Type.Object({
  /** What the user sent: a text, or a button's postback value. */
  text: Type.Optional(Type.String({ maxLength: MAX_MESSAGE })),
  postback: Type.Optional(Type.String({ maxLength: 1000 })),
  /** The skills that must run for it, in order (the first one answered; jumps follow). */
  skills: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 }),
}, closed);
export type PruebaPaso = Static<typeof PruebaPaso>;

export const Prueba = Type.Object({
  id: Type.String(),
  idBot: Type.String(),
  nm: Type.String(),
  pasos: Type.Array(PruebaPaso),
  /** The channel code it runs with. */
  red: Type.Integer(),
  fc: Type.String(),
});
export type Prueba = Static<typeof Prueba>;

export const PruebaBody = Type.Object({
  idBot: Id,
  nm: Type.String({ maxLength: 200 }),
  pasos: Type.Array(PruebaPaso, { maxItems: 200 }),
  red: Type.Optional(Type.Enum([...TEST_REDS])),
}, closed);
export type PruebaBody = Static<typeof PruebaBody>;

export const PruebasQuery = Type.Object({ idBot: Id });

/** One test's replay: each step with the skills expected and those that ran. */
export const PruebaResultado = Type.Object({
  id: Type.String(),
  nm: Type.String(),
  ok: Type.Boolean(),
  pasos: Type.Array(Type.Object({
    input: Type.String(),
    expected: Type.Array(Type.Object({ id: Type.String(), nm: Type.String() })),
    got: Type.Array(Type.Object({ id: Type.String(), nm: Type.String() })),
    ok: Type.Boolean(),
  })),
});
export type PruebaResultado = Static<typeof PruebaResultado>;

export const CHAT_MESSAGES = {
  vacio: 'Escriba un mensaje o elija una opción',
  ...CHAT_FILE_MESSAGES,
  botNoDesplegado: 'El bot no tiene una versión desplegada; despliéguelo o pruébelo con «Probar Bot»',
  botInactivo: 'El bot no tiene skills para responder',
  webhookFallo: 'No pudimos completar la consulta en este momento. Intente nuevamente más tarde.',
  humano: 'Un momento por favor, le comunicamos con una persona de nuestro equipo.',
  esperandoHumano: 'Su conversación está en espera de una persona de nuestro equipo.',
  atencionTerminada: 'La atención de nuestro equipo terminó. Sigue conversando con el asistente virtual.',
  sinEspera: 'La conversación no está esperando a una persona',
  pruebaSinPasos: 'La conversación no tiene mensajes para guardar como prueba',
  pruebaNombre: 'Ingrese un nombre para la prueba',
  pruebaNoEncontrada: 'Prueba no encontrada',
  skillNoEncontrado: 'Skill no encontrado',
  conversacionAjena: 'Esa conversación de prueba pertenece a otro usuario',
  canalAjeno: 'Esa conversación es de un canal: no se puede escribir en ella desde la consola',
  canalNoExiste: 'El canal no existe',
  conversacionCambio: 'La conversación cambió mientras se respondía; envíe el mensaje otra vez',
} as const;

/** Extra bot parameters the engine reads: what a failed regression test does to a deploy. */
export const TESTS_BLOCK_DEPLOY = 'pruebasBloquean';
