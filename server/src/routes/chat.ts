// The engine's calls (/webchat/demo, /skill.test) and the bot's regression tests.
// Every route: ROLE_ADMIN, ROLE_COMPANIA or ROLE_USER (the roles that open bots), within the
// caller's company (another company's bot answers 404).
import { Type } from 'typebox';
import { currentUser, largeBody, requireUser } from '../plugins/guards';
import { deleteTestConversations, endTestChatWait, missedTestChatMessages, sendTestChatMessage } from '../conversation';
import { deletePrueba, listPruebas, runPruebas, savePrueba, testSkill } from '../services/bots/pruebas';
import type { App } from '../types';
import { Prueba, PruebaBody, PruebaResultado, PruebasQuery, SkillTestAnswer, SkillTestBody, WebchatAnswer, WebchatBody, WebchatDeleteQuery, WebchatEndBody, WebchatMissedAnswer, WebchatMissedQuery } from '../../../common/schemas/chat';
import { ErrorBody, IdQuery, signedErrors } from '../../../common/schemas/common';

const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };
const tags = ['Conversaciones'];
const botRule = 'botEditOrUser' as const;

export async function chatRoutes(app: App): Promise<void> {
  app.post(
    '/webchat/demo',
    {
      preHandler: requireUser(botRule),
      schema: {
        tags, operationId: 'sendChatMessage',
        summary: 'Un mensaje (o el valor de un botón) al bot; la respuesta se publica en /user/bot/{idBot}/{psi} de quien la envía y también vuelve aquí. Con test, responde la definición de trabajo y cada mensaje trae debug; la conversación es siempre de prueba',
        body: WebchatBody,
        response: { 200: WebchatAnswer, ...refusals, 409: ErrorBody },
      },
    },
    async (request) => sendTestChatMessage(app, currentUser(request), request.sesion?.id, request.body),
  );

  app.post(
    '/webchat/demo.terminar',
    {
      preHandler: requireUser(botRule),
      schema: {
        tags, operationId: 'endChatHumanWait',
        summary: "Terminar atención: la conversación deja de esperar a una persona y el bot la retoma; el aviso se publica como un mensaje del bot",
        body: WebchatEndBody,
        response: { 200: WebchatAnswer, ...refusals, 409: ErrorBody },
      },
    },
    async (request) => endTestChatWait(app, currentUser(request), request.sesion?.id, request.body),
  );

  app.get(
    '/webchat/demo/mensajes',
    {
      preHandler: requireUser(botRule),
      schema: {
        tags, operationId: 'missedChatMessages',
        summary: 'Los mensajes del bot en la conversación de prueba del usuario después del último que la consola recibió (al volver de una conexión perdida)',
        querystring: WebchatMissedQuery,
        response: { 200: WebchatMissedAnswer, ...refusals },
      },
    },
    async (request) => missedTestChatMessages(app, currentUser(request), request.query),
  );

  app.delete(
    '/webchat/demo',
    {
      preHandler: requireUser(botRule),
      schema: {
        tags, operationId: 'deleteChatDemo', summary: 'Borra las conversaciones de prueba del usuario (de un bot, o una) con sus sesiones y mensajes',
        querystring: WebchatDeleteQuery,
        response: { 204: Type.Null(), ...refusals },
      },
    },
    async (request, reply) => {
      await deleteTestConversations(app, currentUser(request), request.query);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/skill.test',
    {
      preHandler: requireUser(botRule),
      schema: { tags, operationId: 'testSkill', summary: 'Probar Skill: si la frase llega a este skill (con su puntaje) y qué tokens coinciden', body: SkillTestBody, response: { 200: SkillTestAnswer, ...refusals } },
    },
    async (request) => testSkill(app, currentUser(request), request.body),
  );

  app.get(
    '/bot.pruebas',
    {
      preHandler: requireUser(botRule),
      schema: { tags, operationId: 'listPruebas', summary: 'Las pruebas de regresión del bot', querystring: PruebasQuery, response: { 200: Type.Array(Prueba), ...refusals } },
    },
    async (request) => listPruebas(app.db, currentUser(request), request.query.idBot),
  );

  app.post(
    '/bot.prueba',
    {
      preHandler: requireUser(botRule),
      // Up to 200 recorded messages of up to 8,000 characters each.
      ...largeBody(app.config.editorBodyLimitKb, botRule),
      schema: { tags, operationId: 'savePrueba', summary: 'Guardar como prueba: los mensajes de la conversación y los skills que deben responderlos', body: PruebaBody, response: { 200: Prueba, ...refusals } },
    },
    async (request) => savePrueba(app, currentUser(request), request.body),
  );

  app.delete(
    '/bot.prueba',
    {
      preHandler: requireUser(botRule),
      schema: { tags, operationId: 'deletePrueba', summary: 'Elimina una prueba de regresión', querystring: IdQuery, response: { 204: Type.Null(), ...refusals } },
    },
    async (request, reply) => {
      await deletePrueba(app.db, currentUser(request), request.query.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/bot.pruebas.run',
    {
      preHandler: requireUser(botRule),
      schema: { tags, operationId: 'runPruebas', summary: 'Probar todo: repite cada prueba contra la definición de trabajo', querystring: PruebasQuery, response: { 200: Type.Array(PruebaResultado), ...refusals } },
    },
    async (request) => runPruebas(app, currentUser(request), request.query.idBot),
  );
}
