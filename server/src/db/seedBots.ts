// Demo content of a few Demo Internacional bots: skills with training phrases (one without, so the
// diagram warns), a laid-out diagram with links, two entities, and unrecognised phrases enough for
// three pages of Monitoreo. Fixed texts and counts, so tests can rely on them.
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Diagram } from '../schemas/bots';
import { ENTITY_PATHS } from '../schemas/rules';
import type { DB } from './index';
import type { EntidadTable, FraseNrTable, SkillTable } from './schema';

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

/** Skills, diagram, entities and unrecognised phrases for the demo bots named in DEMO_FLOWS. */
export async function seedDemoBotContent(db: DB, bots: ReadonlyArray<{ id: string; nm: string }>, now: number): Promise<void> {
  const skills: Insertable<SkillTable>[] = [];
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
  }
  if (skills.length) await db.insertInto('skill').values(skills).execute();

  const entities = bots.flatMap((bot) => (DEMO_ENTITIES[bot.nm] ?? []).map((e) => ({ ...e, id: randomUUID(), idBot: bot.id, paths: JSON.stringify(ENTITY_PATHS) })));
  if (entities.length) await db.insertInto('entidad').values(entities).execute();

  const target = bots.find((b) => b.nm === PHRASES_BOT);
  if (target) {
    const phrases: Insertable<FraseNrTable>[] = UNRECOGNISED.map((f, i) => ({ id: randomUUID(), idBot: target.id, f, c: ((i * 7) % 13) + 1, fc: new Date(now - i * 3_600_000).toISOString() }));
    await db.insertInto('frase_nr').values(phrases).execute();
  }
}
