// GET /health and GET /ready, for load balancers and orchestrators. Registered under the API's
// prefix but outside its scope: no session, no signature, no rate limit, and nothing of any company.
import type { FastifyReply } from 'fastify';
import { ErrorBody } from '../../../common/schemas/common';
import { SaludOk } from '../../../common/schemas/salud';
import { RETRY_AFTER_SECONDS } from '../plugins/lifecycle';
import { notReadyReason } from '../services/salud';
import type { App } from '../types';

const tags = ['Operación'];
const OK = { status: 'ok' } as const;

/** A probe's answer is never kept by a cache between the probe and the instance. */
const fresh = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

export async function saludRoutes(app: App): Promise<void> {
  app.get(
    '/health',
    {
      schema: {
        tags, operationId: 'getHealth', security: [],
        summary: 'La instancia está viva: responde 200 sin consultar la base de datos',
        response: { 200: SaludOk },
      },
    },
    async (_request, reply) => {
      fresh(reply);
      return OK;
    },
  );

  app.get(
    '/ready',
    {
      schema: {
        tags, operationId: 'getReady', security: [],
        summary: 'La instancia puede recibir tráfico: la base de datos responde, las migraciones están aplicadas y no se está deteniendo; si no, 503 con el motivo',
        response: { 200: SaludOk, 503: ErrorBody },
      },
    },
    async (_request, reply) => {
      fresh(reply);
      const reason = await notReadyReason(app);
      if (reason) return reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).send({ message: reason });
      return OK;
    },
  );
}
