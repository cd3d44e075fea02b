// Demo content of a few Demo Internacional bots: skills with training phrases (one without, so the
// diagram warns), a laid-out diagram with links, two entities, the skills' actions (one of most
// kinds), a requirement and a memory, and unrecognised phrases enough for three pages of
// Monitoreo. Fixed texts and counts, so tests can rely on them; every action and requirement keeps
// the skill editor's rules.
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Diagram } from '../../../common/schemas/bots';
import { ENTITY_PATHS } from '../../../common/schemas/rules';
import { DEFAULT_RED, type ActionType } from '../../../common/schemas/skillRules';
import { WEBHOOK_DEFAULTS } from '../../../common/actions';
import type { DB } from '../db/index';
import type { AccionTable, EntidadTable, FraseNrTable, RequerimientoTable, SkillTable } from '../db/schema';
import { phraseHash } from '../services/bots/frases';

/** A skill of the demo: name, kind (0 business, 1 fallback), training phrases, and the skills it links to. */
type SkillSeed = [nm: string, tipo: 0 | 1, frases: string[], to: string[]];

const DEMO_FLOWS: Record<string, SkillSeed[]> = {
  'Asistente de ventas': [
    ['Saludo', 0, ['hola', 'buenos días', 'buenas tardes', 'qué tal'], ['Consultar precios', 'Tomar pedido']],
    ['Consultar precios', 0, ['cuánto cuesta', 'precio de', 'qué precio tiene', 'tienen ofertas'], ['Tomar pedido']],
    ['Tomar pedido', 0, ['quiero comprar', 'hacer un pedido', 'me lo llevo', 'agregar al carrito'], ['Despedida']],
    // No training phrase yet: the diagram shows its warning.
    ['Despedida', 0, [], []],
    ['No entendí', 1, [], []],
  ],
  'Soporte técnico': [
    ['Saludo', 0, ['hola', 'necesito ayuda', 'buen día'], ['Reiniciar módem', 'Reportar falla']],
    ['Reiniciar módem', 0, ['no tengo internet', 'el internet está lento', 'se cayó la conexión'], ['Reportar falla']],
    ['Reportar falla', 0, ['quiero reportar una falla', 'sigue sin funcionar', 'abrir un ticket'], []],
    ['No entendí', 1, [], []],
  ],
  Reservas: [
    ['Reservar sala', 0, ['quiero reservar una sala', 'separar el auditorio'], ['Confirmar reserva']],
    ['Confirmar reserva', 0, ['confirmo', 'sí, reservar'], []],
  ],
};

const DEMO_ENTITIES: Record<string, Array<Omit<Insertable<EntidadTable>, 'id' | 'idBot'>>> = {
  'Asistente de ventas': [
    { nm: 'codigo_producto', dsc: 'Código de catálogo: tres letras, guion y cuatro dígitos', rgx: 1, format: '^[A-Z]{3}-\\d{4}$', keywords: '[]' },
    { nm: 'talla', dsc: 'Tallas de ropa', rgx: 0, format: null, keywords: JSON.stringify(['S', 'M', 'L', 'XL']) },
  ],
};

/** A skill's actions in order: the kind and its fields. GO_SKILL's `sk` names a skill of the same bot. */
type ActionSeed = [type: ActionType, cfg: Record<string, unknown>];
const postback = (title: string, value: string) => ({ type: 'POSTBACK', title, value });

const DEMO_ACTIONS: Record<string, Record<string, ActionSeed[]>> = {
  'Asistente de ventas': {
    Saludo: [
      ['TEXT', { text: ['¡Hola! Soy el asistente de ventas de Demo Internacional.', '¡Hola! Bienvenido a nuestra tienda en línea.'] }],
      ['QUICK_REPLY', { title: '¿En qué le puedo ayudar?', buttons: [postback('Ver precios', 'precios'), postback('Hacer un pedido', 'pedido'), { type: 'LOCATION', title: 'Tienda más cercana' }] }],
    ],
    'Consultar precios': [
      ['TEXT', { text: ['Estos son los precios de la temporada.'] }],
      ['CARD', {
        imageUrl: 'https://www.example.com/catalogo/temporada.png', title: 'Catálogo de temporada', subTitle: 'Hasta 30 % de descuento',
        invalidOption: 'Elija una opción del catálogo',
        buttons: [{ type: 'WEB_URL', title: 'Ver catálogo', value: 'https://www.example.com/catalogo' }, postback('Quiero comprar', 'comprar')],
      }],
    ],
    'Tomar pedido': [
      ['TEXT', { text: ['Perfecto, registro su pedido.'] }],
      ['WEB_HOOK', {
        ...WEBHOOK_DEFAULTS, headers: [...WEBHOOK_DEFAULTS.headers], url: 'https://api.example.com/v1/pedidos', files: false, op: 'AND', cond: [],
        fields: [{ k: 'producto', v: '{{producto}}' }, { k: 'talla', v: '{{talla}}' }, { k: 'correo', v: '{{correo}}' }],
        resp: [{ path: 'pedido.numero', k: 'numeroPedido' }],
      }],
      ['TEXT', { text: ['Su pedido {{numeroPedido}} quedó registrado. Le enviaremos la confirmación a {{correo}}.'] }],
      ['GO_SKILL', { sk: 'Despedida', fields: [{ k: 'origen', v: 'pedido' }] }],
    ],
    Despedida: [['TEXT', { text: ['¡Gracias por su compra! Hasta pronto.'] }]],
    'No entendí': [
      ['TEXT', { text: ['Disculpe, no le entendí.'] }],
      ['BUTTON', { title: '¿Qué desea hacer?', invalidOption: 'Elija una de las opciones', buttons: [postback('Ver precios', 'precios'), postback('Hablar con un asesor', 'asesor')] }],
    ],
  },
  'Soporte técnico': {
    Saludo: [['TEXT', { text: ['Hola, soy el asistente de soporte técnico. ¿En qué le ayudo?'] }]],
    'Reiniciar módem': [
      ['TEXT', { text: ['Desconecte el módem, espere 30 segundos y vuelva a conectarlo.'] }],
      ['BUTTON', { title: '¿Se resolvió el problema?', invalidOption: 'Responda sí o no', buttons: [postback('Sí, gracias', 'resuelto'), postback('No, sigue igual', 'falla')] }],
    ],
    'Reportar falla': [
      ['TEXT', { text: ['Lo comunico con un especialista.'] }],
      ['GO_HUMAN', { b: null }],
    ],
    'No entendí': [['GO_SKILL', { sk: 'Saludo', fields: [] }]],
  },
  Reservas: {
    'Reservar sala': [['TEXT', { text: ['¿Para qué fecha y hora necesita la sala?'] }]],
    'Confirmar reserva': [['TEXT', { text: ['Su reserva quedó confirmada.'] }]],
  },
};

/** A field of a requirement or memory: an entity of the bot (by name) or an internal one (by id). */
interface FieldSeed {
  entity: string;
  type: 0 | 1;
  op: string;
  value?: string;
  replyMissing?: string;
}
const DEMO_REQUIREMENTS: Record<string, Array<{ skill: string; tp: 0 | 1; fields: FieldSeed[]; replyMissing: string[] }>> = {
  'Asistente de ventas': [
    {
      skill: 'Consultar precios', tp: 0, replyMissing: ['¿Qué producto le interesa?'],
      fields: [{ entity: 'codigo_producto', type: 0, op: 'IS_PRESENT', replyMissing: 'Indique el código del producto, por ejemplo CAM-1234.' }],
    },
    {
      skill: 'Tomar pedido', tp: 1, replyMissing: [],
      fields: [{ entity: 'email', type: 1, op: 'AS', value: 'correo' }, { entity: 'talla', type: 0, op: 'AS', value: 'talla' }],
    },
  ],
};

/** The bot whose Monitoreo list holds the unrecognised phrases. */
export const PHRASES_BOT = 'Asistente de ventas';
const UNRECOGNISED = [
  'tienen delivery a provincia', 'aceptan yape', 'cuál es el horario de la tienda', 'puedo pagar en cuotas', 'hacen factura',
  'dónde queda la tienda', 'tienen stock de la talla 42', 'cuánto demora el envío', 'puedo cambiar un producto', 'tienen garantía',
  'venden al por mayor', 'hay descuento por cantidad', 'aceptan tarjeta de crédito', 'el envío es gratis', 'cómo rastreo mi pedido',
  'tienen tienda física', 'puedo recoger en tienda', 'cuándo llega la nueva colección', 'tienen libro de reclamaciones', 'me pueden llamar',
  'quiero hablar con una persona', 'mi pedido llegó incompleto', 'tienen otros colores', 'cómo uso el cupón', 'el cupón no funciona',
  'venden tarjetas de regalo', 'abren los domingos', 'tienen estacionamiento', 'puedo pagar contra entrega', 'cuánto cuesta el envío a Arequipa',
  'tienen catálogo en pdf', 'hacen envíos internacionales', 'se puede apartar un producto', 'tienen promociones para estudiantes', 'cómo me registro',
  'olvidé mi contraseña', 'quiero anular mi pedido', 'me cobraron dos veces', 'tienen talla grande', 'el producto llegó dañado',
  'tienen servicio técnico', 'puedo comprar por whatsapp', 'cuál es el ruc de la empresa', 'emiten boleta electrónica', 'tienen app',
];

/** Skills, diagram, entities, actions, requirements and unrecognised phrases for the demo bots named in DEMO_FLOWS. */
export async function seedDemoBotContent(db: DB, bots: ReadonlyArray<{ id: string; nm: string }>, now: number): Promise<void> {
  const skills: Insertable<SkillTable>[] = [];
  const entities: Insertable<EntidadTable>[] = [];
  const actions: Insertable<AccionTable>[] = [];
  const requirements: Insertable<RequerimientoTable>[] = [];
  for (const bot of bots) {
    const flow = DEMO_FLOWS[bot.nm];
    if (!flow) continue;
    const ids = new Map(flow.map(([nm]) => [nm, randomUUID()]));
    const diagram: Diagram = { nodes: [], edges: [] };
    flow.forEach(([nm, tipo, frases, to], i) => {
      const id = ids.get(nm) as string;
      skills.push({ id, idBot: bot.id, nm, dsc: null, tipo, frases: JSON.stringify(frases), cfg: '{}', fc: new Date(now - (flow.length - i) * 60_000).toISOString() });
      // Business skills left to right, two to a column; the fallback below.
      diagram.nodes.push(tipo === 1 ? { id, x: 0, y: 320 } : { id, x: Math.floor(i / 2) * 260 + (i % 2) * 60, y: (i % 2) * 160 });
      for (const target of to) diagram.edges.push({ id: `${id}-${ids.get(target)}`, source: id, target: ids.get(target) as string });
    });
    await db.updateTable('bot').set({ diagram: JSON.stringify(diagram) }).where('id', '=', bot.id).execute();

    const entityIds = new Map<string, string>();
    for (const e of DEMO_ENTITIES[bot.nm] ?? []) {
      entityIds.set(e.nm, randomUUID());
      entities.push({ ...e, id: entityIds.get(e.nm) as string, idBot: bot.id, paths: JSON.stringify(ENTITY_PATHS) });
    }
    for (const [skill, list] of Object.entries(DEMO_ACTIONS[bot.nm] ?? {})) {
      list.forEach(([type, cfg], ord) => {
        const own = type === 'GO_SKILL' ? { ...cfg, sk: ids.get(cfg.sk as string) } : cfg;
        actions.push({ id: randomUUID(), idBot: bot.id, idSkill: ids.get(skill) as string, type, ord, cfg: JSON.stringify({ unique: false, red: [...DEFAULT_RED], ...own }) });
      });
    }
    for (const r of DEMO_REQUIREMENTS[bot.nm] ?? []) {
      const fields = r.fields.map(({ entity, type, ...f }, order) => ({ id: type === 0 ? entityIds.get(entity) : entity, type, path: 'text', ...f, order }));
      requirements.push({ id: randomUUID(), idBot: bot.id, idSkill: ids.get(r.skill) as string, op: 'AND', tp: r.tp, fields: JSON.stringify(fields), replyMissing: JSON.stringify(r.replyMissing) });
    }
  }
  if (skills.length) await db.insertInto('skill').values(skills).execute();
  if (entities.length) await db.insertInto('entidad').values(entities).execute();
  if (actions.length) await db.insertInto('accion').values(actions).execute();
  if (requirements.length) await db.insertInto('requerimiento').values(requirements).execute();

  const target = bots.find((b) => b.nm === PHRASES_BOT);
  if (target) {
    const phrases: Insertable<FraseNrTable>[] = UNRECOGNISED.map((f, i) => ({ id: randomUUID(), idBot: target.id, f, fh: phraseHash(f), c: ((i * 7) % 13) + 1, fc: new Date(now - i * 3_600_000).toISOString() }));
    await db.insertInto('frase_nr').values(phrases).execute();
  }
}
