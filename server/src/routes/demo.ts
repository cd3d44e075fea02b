// GET /demo/pedido: the order lookup behind the demo bot's 'Estado de pedido' skill. No sign-in:
// the engine calls it server to server, and it answers only made-up data, the same for a code
// every time. Throttled per address like the other public routes.
import { badRequest, notFound } from '../errors';
import { REQUESTS_THROTTLED, perAddressLimit } from '../plugins/ratelimit';
import { DEMO_MESSAGES, ORDER_CODE, PEDIDO_ESTADOS, Pedido, PedidoQuery } from '../schemas/demo';
import { ErrorBody } from '../schemas/common';
import type { App } from '../types';

/** Estimated deliveries fall two to eight days after this date. */
const BASE_DATE = Date.UTC(2026, 2, 2);
const DAY = 24 * 60 * 60 * 1000;

/** The demo order with code `codigo`, or undefined for one ending in 0000. Throws 400 on a malformed code. */
export function demoPedido(codigo: string): Pedido | undefined {
  const match = ORDER_CODE.exec(codigo.trim());
  if (!match) throw badRequest(DEMO_MESSAGES.codigoInvalido);
  const n = Number(match[1]);
  if (n % 10_000 === 0) return undefined;
  return {
    codigo: codigo.trim().toUpperCase(),
    estado: PEDIDO_ESTADOS[n % PEDIDO_ESTADOS.length],
    entrega: new Date(BASE_DATE + (2 + (n % 7)) * DAY).toISOString().slice(0, 10),
  };
}

export async function demoRoutes(app: App): Promise<void> {
  app.get(
    '/demo/pedido',
    {
      config: { rateLimit: perAddressLimit(app.config.publicRatePerMinute, REQUESTS_THROTTLED) },
      schema: {
        tags: ['Bots'], operationId: 'getDemoPedido',
        summary: "Estado de un pedido de demostración (lo consulta el bot 'Asistente Quipu')",
        querystring: PedidoQuery,
        response: { 200: Pedido, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const pedido = demoPedido(request.query.codigo);
      if (!pedido) throw notFound(DEMO_MESSAGES.noEncontrado);
      return pedido;
    },
  );
}
