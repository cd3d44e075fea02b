// 'Asistente Quipu': the Spanish demo bot of Demo Internacional that answers from the first
// minute. Seventeen skills with phrases written the ways people write in Latin America and Spain,
// their actions (one of each kind the engine runs, some only under conditions), two regex entities,
// a requirement and memory, a webhook to this server's own /demo/pedido, images served by
// /demo/imagen, and version 1 deployed with its trained model.
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { train, trainingPhrases, type SerializedModel } from '../engine/nlu/classifier';
import type { BotParams, Diagram } from '../../../common/schemas/bots';
import { ASISTENTE_BOT } from '../../../common/schemas/demo';
import { DEMO_PLANS, ENTITY_PATHS } from '../../../common/schemas/rules';
import { DEFAULT_RED, type ActionType } from '../../../common/schemas/skillRules';
import { loadDefinition } from '../services/bots/definition';
import type { DB } from '../db/index';
import type { AccionTable, EntidadTable, RequerimientoTable, SkillTable } from '../db/schema';

export { ASISTENTE_BOT };
export const ASISTENTE_VERSION_MSG = 'Versión inicial de demostración';

/** The bot's regex entities; the value of one with a capture group is its first group. */
export const ASISTENTE_ENTITIES = {
  nombre: { nm: 'nombre_cliente', dsc: 'El nombre con que el cliente se presenta', format: '(?:[Mm]e llamo|[Mm]i nombre es|[Ss]oy|[Ll]l[aá]mame)\\s+([A-Za-zÁÉÍÓÚÑÜáéíóúñü]+)' },
  pedido: { nm: 'codigo_pedido', dsc: 'Código de pedido: Q, guion y cinco dígitos (Q-12345)', format: '\\b[Qq]-\\d{5}\\b' },
} as const;
type EntityKey = keyof typeof ASISTENTE_ENTITIES;

type Cfg = Record<string, unknown>;
/** A requirement (tp 0) or memory (tp 1) field: a bot entity by key, or an internal one by id. */
interface FieldSeed {
  entity: EntityKey | 'email';
  op: 'IS_PRESENT' | 'AS';
  value?: string;
  replyMissing?: string;
}
export interface AsistenteSkill {
  nm: string;
  dsc: string;
  /** 0 business, 1 fallback. */
  tipo: 0 | 1;
  frases: string[];
  acciones: Array<[ActionType, Cfg]>;
  requisitos?: Array<{ tp: 0 | 1; fields: FieldSeed[] }>;
  /** The skills its buttons lead to: the diagram's links. */
  to?: string[];
}

const postback = (title: string, value: string) => ({ type: 'POSTBACK', title, value });
// Button values are training phrases of the skill they lead to, so a press always reaches it.
const A_PRECIOS = postback('Precios y planes', 'qué planes tienen');
const A_PEDIDO = postback('Estado de pedido', 'estado de mi pedido');
const A_PERSONA = postback('Hablar con una persona', 'quiero hablar con una persona');
const A_MENU = postback('Más opciones', 'menú');
/** An image of GET /demo/imagen: a path on this server, which the engine gives the address the client reaches it by. */
export const demoImage = (nombre: string) => `/api/demo/imagen/${nombre}.svg`;
const plan = ({ nm, subtitle, imagen }: (typeof DEMO_PLANS)[number]) => ({
  title: `Plan ${nm}`,
  subtitle,
  imageUrl: demoImage(imagen),
  invalidOption: 'Elija uno de los tres planes',
  buttons: [postback('Quiero este plan', `Quiero contratar el plan ${nm}`)],
});
/** A condition on a memory value, for actions that answer only in some cases. */
const memoria = (id: string, op: 'IS' | 'NOT_IN' | 'IS_PRESENT' | 'IS_ABSENT', value: string | null = null) => ({ id, type: 2, path: null, op, value, order: 0 });

export const ASISTENTE_SKILLS: AsistenteSkill[] = [
  {
    nm: 'Saludo', dsc: 'Da la bienvenida y ofrece las opciones principales', tipo: 0,
    frases: [
      'hola', 'holaa', 'ola', 'holi', 'buenos días', 'buenos dias', 'buen día', 'buenas tardes', 'buenas noches', 'buenas',
      'hola, ¿qué tal?', 'qué tal', 'hey', 'hola, ¿hay alguien ahí?', 'saludos', 'hola buenas, quería hacer una consulta',
      'buenas, una consulta', 'hola qué hay', 'aló', 'hola buen dia', 'qué onda', 'buenas tardes, ¿cómo están?', 'hola, buenas noches',
    ],
    acciones: [
      ['TEXT', { text: [
        '¡Hola! Soy el Asistente Quipu de Demo Internacional. ¿En qué le puedo ayudar?',
        '¡Hola! Qué gusto saludarle. Soy el Asistente Quipu, el asistente virtual de Demo Internacional.',
        '¡Buen día! Le atiende el Asistente Quipu. Cuénteme qué necesita.',
      ] }],
      ['QUICK_REPLY', { title: '¿Qué desea hacer?', buttons: [A_PRECIOS, A_PEDIDO, A_MENU] }],
    ],
    to: ['Precios y planes', 'Estado de pedido', 'Menú principal'],
  },
  {
    nm: 'Menú principal', dsc: 'Lo que el bot sabe hacer, con botones', tipo: 0,
    frases: [
      'menú', 'menu', 'ver el menú', 'menú principal', 'opciones', 'qué opciones hay', 'muéstrame las opciones', 'quiero ver las opciones',
      'qué puedes hacer', 'que sabes hacer', 'en qué me puedes ayudar', 'en qué me puede ayudar', 'ayuda', 'necesito ayuda', 'ayúdame',
      'hola, ¿me pueden ayudar?', 'volver al inicio', 'inicio', 'empezar de nuevo', 'qué servicios ofrecen', 'para qué sirves',
      'no sé qué hacer', 'q opciones tengo',
    ],
    acciones: [
      ['BUTTON', { title: 'Esto es lo que puedo hacer por usted:', invalidOption: 'Elija una de las opciones del menú', buttons: [A_PRECIOS, A_PEDIDO, A_PERSONA] }],
      ['QUICK_REPLY', { title: 'También le informo sobre:', buttons: [
        postback('Horario', 'cuál es el horario de atención'), postback('Sedes', 'dónde están ubicados'), postback('Formas de pago', 'formas de pago'),
      ] }],
    ],
    to: ['Precios y planes', 'Estado de pedido', 'Hablar con una persona', 'Horario de atención', 'Ubicación y sedes', 'Formas de pago'],
  },
  {
    nm: 'Despedida', dsc: 'Se despide del cliente', tipo: 0,
    frases: [
      'adiós', 'adios', 'chau', 'chao', 'ciao', 'bye', 'hasta luego', 'nos vemos', 'hasta pronto', 'hasta mañana', 'hasta la próxima',
      'eso es todo', 'listo, eso era todo', 'ya no necesito nada más', 'nada más por ahora', 'me despido', 'me voy', 'me tengo que ir',
      'ok, adiós', 'luego hablamos', 'cuídate', 'que tenga buen día',
    ],
    acciones: [['TEXT', { text: ['¡Hasta pronto! Aquí estaré cuando me necesite.', 'Gracias por escribirnos. ¡Que tenga un excelente día!'] }]],
  },
  {
    nm: 'Agradecimiento', dsc: 'Responde a un gracias', tipo: 0,
    frases: [
      'gracias', 'muchas gracias', 'mil gracias', 'muchísimas gracias', 'grax', 'gracias!!', 'ok gracias', 'muchas grasias', 'te agradezco',
      'le agradezco mucho', 'muy amable', 'qué amable, gracias', 'genial, gracias', 'perfecto, gracias por la ayuda', 'gracias por todo',
      'excelente atención, gracias', 'se agradece', 'gracias, me sirvió mucho', 'gracias por responder tan rápido', 'thanks', 'thank you',
    ],
    acciones: [['TEXT', { text: ['¡Con gusto! ¿Le ayudo en algo más?', 'Para eso estamos. Si necesita algo más, escríbame.'] }]],
  },
  {
    nm: 'Horario de atención', dsc: 'Días y horas de atención', tipo: 0,
    frases: [
      'cuál es el horario de atención', 'horario', 'horarios de atención', 'cuál es su horario', 'a qué hora abren', 'a que hora abren',
      'a qué hora cierran', 'hasta qué hora atienden', 'hasta que hora puedo escribir', 'a qué hora empiezan a atender', 'atienden los sábados',
      'abren los domingos', 'abren el fin de semana', 'qué días trabajan', 'atienden en feriados', 'trabajan el 1 de mayo', 'están abiertos ahora',
      'están atendiendo hoy', 'en qué horario puedo llamar', 'cual es el horario de las oficinas', 'a qué hora puedo pasar por la oficina',
      'me dices el horario porfa', 'horario de verano',
    ],
    acciones: [['TEXT', { text: ['Atendemos de lunes a viernes de 8:00 a 20:00 y los sábados de 9:00 a 13:00 (hora de Lima). Domingos y feriados le atiendo yo, por este chat, a cualquier hora.'] }]],
  },
  {
    nm: 'Ubicación y sedes', dsc: 'Dirección de la sede principal y de las demás', tipo: 0,
    frases: [
      'dónde están ubicados', 'donde estan', 'donde quedan', 'cuál es la dirección', 'dirección de la oficina', 'ubicación',
      'me pasas la ubicación', 'mándame la dirección por favor', 'tienen sedes', 'qué sedes tienen', 'dónde queda la sede de Lima',
      'tienen oficina en Madrid', 'hay sede en Bogotá', 'tienen local en Ciudad de México', 'en qué ciudades están', 'hay alguna sucursal cerca',
      'cómo llego a sus oficinas', 'tienen tienda física', 'dónde los puedo visitar', 'puedo ir en persona', 'su oficina principal dónde es',
      'cerca de qué estación de metro están',
    ],
    acciones: [
      ['TEXT', { text: ['Nuestra sede principal está en Lima. También tenemos oficinas en Bogotá, Ciudad de México y Madrid.'] }],
      ['CARD', {
        imageUrl: demoImage('sede-san-isidro'), title: 'Sede principal, San Isidro (Lima)', subTitle: 'Calle Las Begonias 441, piso 6',
        invalidOption: 'Elija una de las opciones de la tarjeta',
        buttons: [
          { type: 'WEB_URL', title: 'Ver en el mapa', value: 'https://www.openstreetmap.org/search?query=Calle%20Las%20Begonias%20441%20San%20Isidro%20Lima' },
          postback('Horario de atención', 'cuál es el horario de atención'),
        ],
      }],
    ],
    to: ['Horario de atención'],
  },
  {
    nm: 'Precios y planes', dsc: 'Los tres planes con su precio', tipo: 0,
    frases: [
      'precios', 'qué planes tienen', 'que planes ofrecen', 'quiero ver los planes', 'cuánto cuesta', 'cuanto cuesta el servicio', 'cuánto sale',
      'cuánto cobran', 'cuál es el precio', 'tarifas', 'costo mensual', 'cuánto cuesta al mes', 'me pasas la lista de precios',
      'cuánto vale el plan básico', 'precio del plan pro', 'tienen algún plan para empresas', 'hay plan gratuito', 'cuál es el plan más barato',
      'diferencia entre los planes', 'qué incluye cada plan', 'cuanto me sale para 10 usuarios', 'tienen descuento anual', 'tienen promociones',
      'presios',
    ],
    acciones: [
      ['TEXT', { text: ['Tenemos tres planes mensuales. Todos incluyen soporte por chat y correo, y se pueden cambiar cuando quiera.'] }],
      ['CAROUSEL', { carousel: DEMO_PLANS.map(plan) }],
    ],
    to: ['Contratar plan'],
  },
  {
    nm: 'Contratar plan', dsc: 'Pide un correo y envía la propuesta', tipo: 0,
    frases: [
      'Quiero contratar el plan Básico', 'Quiero contratar el plan Pro', 'Quiero contratar el plan Empresa', 'contratar', 'quiero contratar',
      'quiero contratar un plan', 'me interesa contratar', 'cómo contrato', 'como me suscribo', 'quiero suscribirme', 'me quedo con el plan pro',
      'quiero el plan básico', 'quiero comprar el plan empresa', 'deseo adquirir el servicio', 'quisiera contratar para mi empresa',
      'cómo hago para contratarlos', 'dónde firmo', 'me apunto', 'envíenme una propuesta', 'necesito una propuesta comercial',
      'quiero una cotización', 'mándenme una cotización formal',
    ],
    requisitos: [
      { tp: 0, fields: [{ entity: 'email', op: 'IS_PRESENT', replyMissing: '¿A qué correo le enviamos la propuesta?' }] },
      { tp: 1, fields: [{ entity: 'email', op: 'AS', value: 'correo' }] },
    ],
    acciones: [['TEXT', { text: ['Listo, enviaremos la propuesta a {{correo}}.'] }]],
  },
  {
    nm: 'Mi nombre', dsc: 'Recuerda el nombre con que el cliente se presenta', tipo: 0,
    frases: [
      'me llamo Carlos', 'mi nombre es Ana', 'soy María', 'Me llamo Juan Pablo', 'mi nombre es Lucía Fernández', 'soy Pedro, mucho gusto',
      'hola, me llamo Sofía', 'me llamo José', 'mi nombre es Andrés', 'soy Valentina', 'me llamo camila', 'mi nombre es roberto',
      'soy Martín, de Arequipa', 'Mi nombre es Javier', 'llámame Diego', 'me llamo Ximena y tengo una consulta', 'buenas, soy Rosa',
      'me llamo Íñigo', 'soy Nuria, escribo desde Valencia', 'mi nombre es Guadalupe',
    ],
    requisitos: [{ tp: 1, fields: [{ entity: 'nombre', op: 'AS', value: 'nombre' }] }],
    acciones: [['TEXT', { text: ['Mucho gusto, {{nombre}}.'] }]],
  },
  {
    nm: 'Mi nombre, pregunta', dsc: 'Dice el nombre que el cliente dio, o se lo pide', tipo: 0,
    frases: [
      'cómo me llamo', 'como me llamo', '¿cómo me llamo?', 'cuál es mi nombre', 'cual es mi nombre', 'sabes mi nombre', 'sabes cómo me llamo',
      'te acuerdas de mi nombre', 'recuerdas mi nombre', 'recuerdas cómo me llamo', 'te dije mi nombre', 'dime mi nombre', 'ya sabes mi nombre',
      'cómo te dije que me llamo', 'te acuerdas de cómo me llamo', 'no recuerdas mi nombre', 'a ver, cuál es mi nombre', 'adivina mi nombre',
    ],
    // The name kept by 'Mi nombre', or the question that leads there.
    acciones: [
      ['TEXT', { text: ['Se llama {{nombre}}.'], cond: [memoria('nombre', 'IS_PRESENT')], op: 'AND' }],
      ['TEXT', { text: ['Todavía no me ha dicho su nombre. ¿Cómo se llama? Escríbame, por ejemplo, «me llamo Ana».'], cond: [memoria('nombre', 'IS_ABSENT')], op: 'AND' }],
    ],
  },
  {
    nm: 'Estado de pedido', dsc: 'Consulta el estado de un pedido por su código', tipo: 0,
    frases: [
      'estado de mi pedido', 'dónde está mi pedido', 'donde esta mi pedido', 'quiero saber el estado de mi pedido', 'consultar pedido',
      'mi pedido Q-12345', 'en qué va mi pedido Q-20417', 'el pedido Q-55821 ya fue despachado', 'cuándo llega mi pedido', 'cuando llega mi compra',
      'ya enviaron mi pedido', 'rastrear pedido', 'quiero rastrear mi paquete', 'seguimiento de mi orden', 'tracking de mi pedido',
      'no me ha llegado el pedido', 'mi pedido no llega', 'me dices cómo va mi pedido', 'ya salió mi paquete',
      'cuánto falta para que llegue mi orden', 'hice una compra y quiero saber cuándo llega', 'estado del envío',
    ],
    requisitos: [
      { tp: 0, fields: [{ entity: 'pedido', op: 'IS_PRESENT', replyMissing: '¿Cuál es el código de su pedido? Tiene la forma Q-12345.' }] },
      { tp: 1, fields: [{ entity: 'pedido', op: 'AS', value: 'pedido' }] },
    ],
    // The lookup's status picks the answer: found (200), no such order (404), or the lookup failed.
    acciones: [
      ['WEB_HOOK', {
        method: 'GET', url: '/api/demo/pedido', headers: [], files: false, op: 'AND', cond: [],
        fields: [{ k: 'codigo', v: '{{pedido}}' }],
        resp: [{ path: '$status', k: 'consulta' }, { path: 'estado', k: 'estado' }, { path: 'entrega', k: 'entrega' }],
      }],
      ['TEXT', { text: ['Su pedido {{pedido}} está {{estado}}. Fecha de entrega: {{entrega}}.'], cond: [memoria('consulta', 'IS', '200')], op: 'AND' }],
      ['TEXT', { text: ['No encontramos el pedido {{pedido}}. Revise el código, por favor.'], cond: [memoria('consulta', 'IS', '404')], op: 'AND' }],
      ['TEXT', { text: ['No pudimos completar la consulta en este momento. Intente nuevamente más tarde.'], cond: [memoria('consulta', 'NOT_IN', '200, 404')], op: 'AND' }],
    ],
  },
  {
    nm: 'Hablar con una persona', dsc: 'Deriva la conversación a una persona del equipo', tipo: 0,
    frases: [
      'quiero hablar con una persona', 'necesito hablar con alguien', 'hablar con un asesor', 'asesor', 'agente', 'persona real',
      'pásame con un humano', 'con un humano por favor', 'comunícame con un agente', 'quiero un operador', 'hablar con un ejecutivo',
      'me puede atender una persona real', 'no quiero hablar con un robot', 'atención personalizada', 'quiero que me llame un asesor',
      'me comunicas con soporte', 'hay alguien que me pueda atender', 'quiero hablar con un encargado', 'páseme con el supervisor',
      'necesito un asesor urgente', 'hablar con atención al cliente', 'deseo hablar con un representante',
    ],
    // The handover says so itself: one message.
    acciones: [['GO_HUMAN', { b: null }]],
  },
  {
    nm: 'Quejas', dsc: 'Registra una queja y ofrece hablar con una persona', tipo: 0,
    frases: [
      'quiero poner una queja', 'me quiero quejar', 'quiero presentar una queja formal', 'tengo un reclamo', 'quiero hacer un reclamo',
      'libro de reclamaciones', 'hoja de reclamaciones', 'estoy muy molesto', 'pésimo servicio', 'pesimo servicio', 'el servicio es malísimo',
      'qué mala atención', 'me atendieron muy mal', 'es una vergüenza', 'vaya desastre de servicio', 'me cobraron de más', 'nadie me responde',
      'estoy harto de esperar', 'llevo una semana esperando respuesta', 'el producto llegó roto', 'no estoy conforme con la atención',
      'exijo una solución', 'quiero denunciar un mal servicio',
    ],
    acciones: [
      ['TEXT', { text: ['Lamentamos mucho lo ocurrido. Registramos su queja y un supervisor le responderá en menos de 24 horas.'] }],
      ['BUTTON', { title: '¿Prefiere contarlo ahora a una persona?', invalidOption: 'Elija la opción del botón', buttons: [A_PERSONA] }],
    ],
    to: ['Hablar con una persona'],
  },
  {
    nm: 'Formas de pago', dsc: 'Medios de pago aceptados', tipo: 0,
    frases: [
      'formas de pago', 'medios de pago', 'métodos de pago', 'cómo puedo pagar', 'como pago', 'aceptan tarjeta', 'puedo pagar con tarjeta de crédito',
      'puedo pagar con débito', 'puedo pagar en efectivo', 'pago por transferencia', 'número de cuenta para transferir', 'dónde deposito',
      'aceptan yape', 'aceptan plin', 'se puede pagar por nequi', 'aceptan mercado pago', 'aceptan bizum', 'se puede pagar con PayPal',
      'pago con QR', 'aceptan dólares', 'puedo pagar en cuotas', 'tienen pago a meses sin intereses', 'pago contra entrega',
    ],
    acciones: [['TEXT', { text: ['Aceptamos tarjetas de crédito y débito (Visa, Mastercard y American Express), transferencia bancaria y PayPal; en Perú también Yape y Plin. Los planes anuales se pagan hasta en 12 cuotas.'] }]],
  },
  {
    nm: 'Chiste', dsc: 'Cuenta un chiste', tipo: 0,
    frases: [
      'cuéntame un chiste', 'cuentame un chiste', 'dime un chiste', 'un chiste por favor', 'otro chiste', 'un chistecito', 'echa un chiste',
      'sabes algún chiste', 'sabes contar chistes', 'tienes chistes', 'hazme reír', 'quiero reírme', 'algo gracioso', 'dime algo gracioso',
      'cuéntame algo chistoso', 'me cuentas algo divertido', 'estoy aburrido', 'me aburro',
    ],
    acciones: [['TEXT', { text: [
      '¿Qué le dice un bot a otro bot? «Te noto un poco desconectado». 🤖',
      '¿Por qué el libro de matemáticas estaba triste? Porque tenía demasiados problemas.',
      'Me pidieron un chiste sobre la nube… pero se me fue volando. ☁️',
    ] }]],
  },
  {
    nm: 'Charla', dsc: 'Preguntas sobre el bot: quién es, cómo está', tipo: 0,
    frases: [
      'cómo estás', 'como estas', 'qué tal estás', 'estás bien', 'quién eres', 'quien eres', 'qué eres', 'eres un robot', 'eres un bot',
      'eres humano', 'eres real', 'cómo te llamas', 'cuál es tu nombre', 'cuántos años tienes', 'de dónde eres', 'eres inteligente',
      'tienes sentimientos', 'qué haces', 'te quiero', 'me caes bien',
    ],
    acciones: [['TEXT', { text: [
      'Soy el Asistente Quipu, el asistente virtual de Demo Internacional. No soy una persona, pero si lo necesita le comunico con una.',
      'Todo bien por aquí, gracias por preguntar. Soy un bot: aprendo de las frases con que me entrenan. ¿En qué le ayudo?',
    ] }]],
  },
  {
    nm: 'No entendí', dsc: 'Responde cuando ningún skill reconoce el mensaje', tipo: 1, frases: [],
    acciones: [
      ['TEXT', { text: ['Disculpe, no le entendí. Puedo ayudarle con precios y planes, el estado de su pedido, horarios, sedes y formas de pago, o comunicarle con una persona.'] }],
      ['QUICK_REPLY', { title: '¿Qué desea hacer?', buttons: [A_PRECIOS, A_PEDIDO, A_MENU] }],
    ],
    to: ['Menú principal'],
  },
];

/** Business skills in rows of four, in the order above; the fallback below them. */
function layout(ids: ReadonlyMap<string, string>): Diagram {
  const diagram: Diagram = { nodes: [], edges: [] };
  const business = ASISTENTE_SKILLS.filter((s) => s.tipo === 0);
  const rows = Math.ceil(business.length / 4);
  business.forEach((s, i) => diagram.nodes.push({ id: ids.get(s.nm)!, x: (i % 4) * 280, y: Math.floor(i / 4) * 180 }));
  ASISTENTE_SKILLS.filter((s) => s.tipo === 1).forEach((s, i) => diagram.nodes.push({ id: ids.get(s.nm)!, x: i * 280, y: rows * 180 + 40 }));
  for (const s of ASISTENTE_SKILLS) {
    for (const target of s.to ?? []) {
      const source = ids.get(s.nm)!;
      const to = ids.get(target)!;
      diagram.edges.push({ id: `${source}-${to}`, source, target: to });
    }
  }
  return diagram;
}

let cachedModel: SerializedModel | undefined;

/**
 * The classifier trained on the skills' phrases, its skills named by skill name. The phrases are
 * fixed, so it is trained once per process (about a quarter of a second warm, more cold) and
 * every seed, tests' resets included, relabels it with its own skill ids.
 */
function trainedByName(): SerializedModel {
  cachedModel ??= train(trainingPhrases(ASISTENTE_SKILLS.map((s) => ({ id: s.nm, frases: s.frases })))).toJSON();
  return cachedModel;
}

export interface AsistenteOwner {
  /** Demo Internacional. */
  idE: string;
  /** Who deployed version 1. */
  idU: string | null;
}

/**
 * Creates 'Asistente Quipu' in company `owner.idE` with its skills, actions, entities,
 * requirements and diagram, then version 1 as a finished deploy: the definition as snapshot and
 * the classifier trained on it. Returns the bot's id.
 */
export async function seedAsistente(db: DB, owner: AsistenteOwner, now: number): Promise<string> {
  const idBot = randomUUID();
  const ids = new Map(ASISTENTE_SKILLS.map((s) => [s.nm, randomUUID()]));
  const entityIds = new Map((Object.keys(ASISTENTE_ENTITIES) as EntityKey[]).map((k) => [k, randomUUID()]));
  const skillId = (nm: string) => ids.get(nm)!;
  const params: BotParams = {
    sessionExpired: 'Su sesión terminó por inactividad. Escríbame de nuevo cuando guste.',
    maxAttempt: 3,
    msgAttempt: 'Parece que no logro entenderle.',
    skillAttempt: skillId('Hablar con una persona'),
    invalidOption: 'Elija una de las opciones, por favor.',
  };
  await db.insertInto('bot').values({
    id: idBot, idE: owner.idE, nm: ASISTENTE_BOT,
    dsc: 'Bot de demostración: saluda, informa precios, horarios y sedes, consulta pedidos y deriva a una persona.',
    // With nobody to take the handover in the demo, the bot answers again after five minutes of waiting.
    timeout: 5,
    fc: new Date(now - 2 * 24 * 3_600_000).toISOString(), params: JSON.stringify(params), diagram: JSON.stringify(layout(ids)),
  }).execute();

  const skills: Insertable<SkillTable>[] = ASISTENTE_SKILLS.map((s, i) => ({
    id: skillId(s.nm), idBot, nm: s.nm, dsc: s.dsc, tipo: s.tipo, frases: JSON.stringify(s.frases), cfg: '{}',
    fc: new Date(now - 2 * 24 * 3_600_000 + i * 60_000).toISOString(),
  }));
  const entities: Insertable<EntidadTable>[] = (Object.keys(ASISTENTE_ENTITIES) as EntityKey[]).map((k) => ({
    id: entityIds.get(k)!, idBot, ...ASISTENTE_ENTITIES[k], rgx: 1, keywords: '[]', type: null, paths: JSON.stringify(ENTITY_PATHS),
  }));
  const actions: Insertable<AccionTable>[] = ASISTENTE_SKILLS.flatMap((s) =>
    s.acciones.map(([type, cfg], ord) => ({ id: randomUUID(), idBot, idSkill: skillId(s.nm), type, ord, cfg: JSON.stringify({ unique: false, red: [...DEFAULT_RED], ...cfg }) })),
  );
  const requirements: Insertable<RequerimientoTable>[] = ASISTENTE_SKILLS.flatMap((s) =>
    (s.requisitos ?? []).map((r) => ({
      id: randomUUID(), idBot, idSkill: skillId(s.nm), op: 'AND', tp: r.tp, replyMissing: '[]',
      fields: JSON.stringify(r.fields.map(({ entity, ...f }, order) =>
        entity === 'email' ? { id: entity, type: 1, path: 'text', ...f, order } : { id: entityIds.get(entity)!, type: 0, path: 'text', ...f, order })),
    })),
  );
  await db.insertInto('skill').values(skills).execute();
  await db.insertInto('entidad').values(entities).execute();
  await db.insertInto('accion').values(actions).execute();
  await db.insertInto('requerimiento').values(requirements).execute();

  // Deployed from the start: what a deploy job would store, without running one.
  const definition = await loadDefinition(db, idBot);
  const started = Date.now();
  const named = trainedByName();
  const model = JSON.stringify({ ...named, skills: named.skills.map(skillId) });
  const dur = Date.now() - started;
  const fc = new Date(now - 24 * 3_600_000).toISOString();
  await db.insertInto('bot_version').values({
    id: randomUUID(), idBot, version: 1, idU: owner.idU, fc, ffin: new Date(Date.parse(fc) + dur).toISOString(), dur,
    done: 1, error: 0, msg: ASISTENTE_VERSION_MSG, snapshot: JSON.stringify(definition), model, pruebas: null,
  }).execute();
  await db.updateTable('bot').set({ version: 1, msg: ASISTENTE_VERSION_MSG }).where('id', '=', idBot).execute();
  return idBot;
}
