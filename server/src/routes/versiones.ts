// Deploy and versions: deploy, the latest version (polled every 5 s), the version list, restore
// and the comparison of two versions. Restore is a signed POST, not a GET: a GET that rewrites a
// bot could be triggered from another site.
import { Type } from 'typebox';
import { currentUser, largeBody, requireUser } from '../plugins/guards';
import { compareVersions, latestVersion, listVersions, restoreVersion, startDeploy } from '../services/bots/deploy';
import type { App } from '../types';
import { BOT_MESSAGES, BotBody, BotVersion, BotVersionQuery, CompareQuery, DeployQuery, RestoreQuery, VersionChange } from '../../../common/schemas/bots';
import { ErrorBody, IdQuery, MessageBody, signedErrors } from '../../../common/schemas/common';

const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };
const tags = ['Versiones'];
const botRule = 'botEditOrUser' as const;

export async function versionesRoutes(app: App): Promise<void> {
  app.post(
    '/bot.deploy',
    {
      preHandler: requireUser(botRule),
      // The bot is saved first, with its whole flow diagram, as POST /bot does.
      ...largeBody(app.config.botBodyLimitKb, botRule),
      schema: {
        tags, operationId: 'deployBot',
        summary: 'Guarda el bot y empieza su despliegue como la versión siguiente (msg: la descripción). Responde la versión sin terminar; 409 si otro despliegue del bot sigue en curso',
        querystring: DeployQuery,
        body: BotBody,
        response: { 200: BotVersion, ...refusals, 409: ErrorBody },
      },
    },
    // idU is always the caller; the query's is ignored.
    async (request) => startDeploy(app, currentUser(request), request.body, request.query.msg),
  );

  app.get(
    '/bot-version',
    {
      preHandler: requireUser(botRule),
      schema: {
        tags, operationId: 'getBotVersion',
        summary: 'La última versión del bot (null antes del primer despliegue); la consola la consulta cada 5 s mientras despliega',
        querystring: BotVersionQuery,
        response: { 200: Type.Union([BotVersion, Type.Null()]), ...refusals },
      },
    },
    async (request) => latestVersion(app.db, currentUser(request), request.query.botId),
  );

  app.get(
    '/list/version',
    {
      preHandler: requireUser(botRule),
      schema: {
        tags, operationId: 'listBotVersions',
        summary: 'Todas las versiones del bot, de la más nueva a la más antigua (isBotEdit)',
        querystring: IdQuery,
        response: { 200: Type.Array(BotVersion), ...refusals },
      },
    },
    async (request) => listVersions(app.db, currentUser(request), request.query.id),
  );

  app.post(
    '/restaurar',
    {
      preHandler: requireUser(botRule),
      schema: {
        tags, operationId: 'restoreBotVersion',
        summary: 'Reemplaza la definición del bot por la de una versión desplegada sin error (isBotEdit)',
        querystring: RestoreQuery,
        response: { 200: MessageBody, ...refusals, 409: ErrorBody },
      },
    },
    async (request) => {
      await restoreVersion(app, currentUser(request), request.query.idBot, request.query.id);
      return { message: BOT_MESSAGES.restored };
    },
  );

  app.get(
    '/bot.compare',
    {
      preHandler: requireUser(botRule),
      schema: {
        tags, operationId: 'compareBotVersions',
        summary: 'Qué cambió de la versión a a la versión b: skills, enlaces, acciones, requerimientos, parámetros, extras y entidades (isBotEdit)',
        querystring: CompareQuery,
        response: { 200: Type.Array(VersionChange), ...refusals },
      },
    },
    async (request) => compareVersions(app.db, currentUser(request), request.query.idBot, request.query.a, request.query.b),
  );
}
