// The demo bot's own server side. GET /demo/pedido: the order lookup behind 'Estado de pedido', no
// sign-in (the engine calls it server to server), made-up data the same for a code on a given day.
// GET /demo/imagen/{nombre}.svg: the pictures of its cards, which any site embedding the web chat
// may show. Throttled per address like the other public routes.
import { Type } from 'typebox';
import { notFound } from '../errors';
import { REQUESTS_THROTTLED, perAddressLimit } from '../plugins/ratelimit';
import { DEMO_MESSAGES, Pedido, PedidoQuery } from '../../../common/schemas/demo';
import { ErrorBody } from '../../../common/schemas/common';
import { demoImage, demoPedido, demoTimeZone } from '../services/demo';
import type { App } from '../types';

export async function demoRoutes(app: App): Promise<void> {
  app.get(
    '/demo/pedido',
    {
      config: { rateLimit: perAddressLimit(app.config.publicRatePerMinute, REQUESTS_THROTTLED) },
      schema: {
        tags: ['Bots'], operationId: 'getDemoPedido',
        summary: "Estado de un pedido de demostración (lo consulta el bot 'Asistente Quipu'); la fecha, DD/MM/AAAA, cuenta desde hoy en la zona horaria de su empresa",
        querystring: PedidoQuery,
        response: { 200: Pedido, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const pedido = demoPedido(request.query.codigo, app.config.now(), await demoTimeZone(app.db, app.config.chatTimeZone));
      if (!pedido) throw notFound(DEMO_MESSAGES.noEncontrado);
      return pedido;
    },
  );

  app.get<{ Params: { nombre: string } }>(
    '/demo/imagen/:nombre',
    {
      config: { rateLimit: perAddressLimit(app.config.publicRatePerMinute, REQUESTS_THROTTLED) },
      // Shown by the web chat on customers' sites: helmet's same-origin resource policy would block it.
      helmet: { crossOriginResourcePolicy: { policy: 'cross-origin' } },
      schema: {
        tags: ['Bots'], operationId: 'getDemoImagen',
        summary: "Imagen SVG de las tarjetas del bot 'Asistente Quipu' (planes y sede)",
        params: Type.Object({ nombre: Type.String({ maxLength: 60 }) }),
        response: { 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const svg = demoImage(request.params.nombre.replace(/\.svg$/, ''));
      if (!svg) throw notFound(DEMO_MESSAGES.imagenNoEncontrada);
      reply.header('Content-Type', 'image/svg+xml; charset=utf-8');
      reply.header('Cache-Control', 'public, max-age=86400');
      return reply.send(svg);
    },
  );
}
