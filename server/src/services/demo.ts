// The demo bot's made-up data (routes/demo.ts): its orders, with dates counted from today in the
// time zone of the company that owns 'Asistente Quipu', and the pictures of its cards.
import type { DB } from '../db';
import { badRequest } from '../errors';
import { ASISTENTE_BOT, DEMO_MESSAGES, ORDER_CODE, PEDIDO_ESTADOS, type Pedido } from '../../../common/schemas/demo';
import { DEMO_PLANS } from '../../../common/schemas/rules';
import { localDay } from '../../../common/dias';
import { companyZone } from './empresas/empresas';

const DAY = 24 * 60 * 60 * 1000;

/** Today's date in `timeZone`, as UTC midnight of that day. */
function today(now: number, timeZone: string): number {
  const [y, m, d] = localDay(now, timeZone).split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!);
}

const ddmmyyyy = (utcMidnight: number) => {
  const date = new Date(utcMidnight);
  return `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${date.getUTCFullYear()}`;
};

/**
 * The demo order with code `codigo` (undefined for one ending in 0000), the same every time for a
 * code on a given day: delivered a few days ago, or arriving in the coming days. Throws 400 on a
 * malformed code.
 */
export function demoPedido(codigo: string, now: number, timeZone: string): Pedido | undefined {
  const match = ORDER_CODE.exec(codigo.trim());
  if (!match) throw badRequest(DEMO_MESSAGES.codigoInvalido);
  const n = Number(match[1]);
  if (n % 10_000 === 0) return undefined;
  const estado = PEDIDO_ESTADOS[n % PEDIDO_ESTADOS.length]!;
  const days = estado === 'entregado' ? -(1 + (n % 5)) : estado === 'en camino' ? 1 + (n % 3) : 3 + (n % 5);
  return { codigo: codigo.trim().toUpperCase(), estado, entrega: ddmmyyyy(today(now, timeZone) + days * DAY) };
}

/** The time zone of the demo bot's company, else `fallback` (CHAT_TIME_ZONE). */
export async function demoTimeZone(db: DB, fallback: string): Promise<string> {
  const row = await db.selectFrom('bot').innerJoin('empresa', 'empresa.id', 'bot.idE').select('empresa.tz').where('bot.nm', '=', ASISTENTE_BOT).orderBy('bot.fc').executeTakeFirst();
  return companyZone(row?.tz, fallback);
}

/** The demo's pictures: one per plan, and the main office. Small SVGs drawn here, so they need no files. */
const PICTURES: Record<string, { title: string; color: string }> = {
  ...Object.fromEntries(DEMO_PLANS.map((p, i) => [p.imagen, { title: `Plan ${p.nm}`, color: ['#2e7d32', '#1565c0', '#6a1b9a'][i % 3]! }])),
  'sede-san-isidro': { title: 'Sede San Isidro', color: '#c62828' },
};

const escapeXml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The SVG picture called `nombre`, or undefined. */
export function demoImage(nombre: string): string | undefined {
  const picture = Object.prototype.hasOwnProperty.call(PICTURES, nombre) ? PICTURES[nombre] : undefined;
  if (!picture) return undefined;
  const title = escapeXml(picture.title);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="240" viewBox="0 0 480 240" role="img" aria-label="${title}"><rect width="480" height="240" fill="${picture.color}"/><circle cx="400" cy="60" r="90" fill="#ffffff" opacity="0.12"/><text x="32" y="140" font-family="Arial, Helvetica, sans-serif" font-size="40" font-weight="bold" fill="#ffffff">${title}</text><text x="32" y="190" font-family="Arial, Helvetica, sans-serif" font-size="22" fill="#ffffff" opacity="0.85">Demo Internacional</text></svg>`;
}
