// Bots: the bot, its paged list and the company's bot names (the skills are
// in skills.ts). Every route: ROLE_ADMIN, ROLE_COMPANIA or ROLE_USER, within the
// caller's company (another company's bot answers 404); changes need isBotEdit unless noted.
// GET /bots (names only) also serves channel-access users, for the channel editors' bot selector.
import { Type } from 'typebox';
import { currentUser, largeBody, requireUser, scopeIdE } from '../plugins/guards';
import { deleteBot, findBotFor, listBotRefs, saveBot, searchBots, toBot } from '../services/bots/bots';
import type { App } from '../types';
import { Bot, BotBody, BotRef, BotRow, BotSearchBody, BotsQuery } from '../../../common/schemas/bots';
import { ErrorBody, IdAnswer, IdQuery, signedErrors } from '../../../common/schemas/common';
import { pageResponse } from '../../../common/schemas/paging';

const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };
const tags = ['Bots'];
const botRule = 'botEditOrUser' as const;

export async function botsRoutes(app: App): Promise<void> {
  app.get(
    '/bot',
    {
      preHandler: requireUser(botRule),
      schema: { tags, operationId: 'getBot', summary: 'Un bot con sus parámetros y su diagrama (los extras cifrados, solo sus claves)', querystring: IdQuery, response: { 200: Bot, ...refusals } },
    },
    async (request) => toBot(await findBotFor(app.db, currentUser(request), request.query.id, 'read'), app.config.secretKey),
  );

  app.post(
    '/bot',
    {
      preHandler: requireUser(botRule),
      // The whole flow diagram travels with every save.
      ...largeBody(app.config.botBodyLimitKb, botRule),
      schema: {
        tags, operationId: 'saveBot',
        summary: 'Crea (sin id) o modifica (con id y rev) un bot. Sin isBotEdit solo se guarda el diagrama',
        body: BotBody,
        response: { 200: Bot, ...refusals, 409: ErrorBody },
      },
    },
    async (request) => saveBot(app, currentUser(request), request.body),
  );

  // The console calls DELETE /bot/?id; both spellings are served.
  for (const url of ['/bot', '/bot/']) {
    app.delete(
      url,
      {
        preHandler: requireUser(botRule),
        schema: {
          tags, operationId: 'deleteBot', hide: url === '/bot/',
          summary: 'Elimina un bot con sus skills, acciones, entidades, frases y versiones',
          querystring: IdQuery,
          response: { 200: IdAnswer, ...refusals },
        },
      },
      async (request) => {
        await deleteBot(app, currentUser(request), request.query.id);
        return { id: request.query.id };
      },
    );
  }

  app.post(
    '/bot/search',
    {
      preHandler: requireUser(botRule),
      schema: {
        tags, operationId: 'searchBots',
        summary: 'Lista paginada de los bots de la empresa (el administrador del sistema elige la empresa con idE)',
        body: BotSearchBody,
        response: { 200: pageResponse(BotRow), ...refusals },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return searchBots(app.db, scopeIdE(user, request.body.idE) ?? user.idE, request.body);
    },
  );

  app.get(
    '/bots',
    {
      // Id, name and deployed version only, for every signed-in role: the dashboard (everyone's), the
      // history and the channel editor choose a bot by name, without seeing the bots.
      preHandler: requireUser(),
      schema: { tags, operationId: 'listBotRefs', summary: 'Id, nombre y versión desplegada de los bots de la empresa (para elegir un bot)', querystring: BotsQuery, response: { 200: Type.Array(BotRef), ...refusals } },
    },
    async (request) => {
      const user = currentUser(request);
      return listBotRefs(app.db, scopeIdE(user, request.query.idE) ?? user.idE);
    },
  );
}
