// The QnA knowledge base (tag-kb, skill/qna-search, skill/qna, skill/qna-delete, skill/jedai,
// skills/kb): the bot's tags, the QnA table, deletes, and the default set. Reading needs what
// reading a bot needs (ROLE_ADMIN, ROLE_COMPANIA or ROLE_USER within the bot's company); every
// change needs isBotEdit. The default set's bot 'jedai' is the system admin's alone. A QnA itself is
// read and saved through /skill and its answer through /acciones.
import { Type } from 'typebox';
import { currentUser, requireUser } from '../plugins/guards';
import { createTag, listTags } from '../services/qna/tags';
import { deleteQna, deleteQnasByTags, listKbSkills, searchQnas } from '../services/qna/qnas';
import { loadDefaultQnas, whenDefaultBot } from '../services/qna/porDefecto';
import type { App } from '../types';
import { BOT_MESSAGES } from '../../../common/schemas/bots';
import { ErrorBody, MessageBody, signedErrors } from '../../../common/schemas/common';
import {
  IdBotQuery, KbSkill, QnaDefaultAnswer, QnaDeleteByTagsAnswer, QnaDeleteByTagsBody, QnaDeleteQuery, QnaPage, QnaSearchBody, TagKb, TagKbBody, TagKbQuery,
} from '../../../common/schemas/qna';

const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };
const tags = ['QnA'];
const botRule = 'botEditOrUser' as const;

export async function qnaRoutes(app: App): Promise<void> {
  app.get(
    '/tag-kb',
    {
      preHandler: requireUser(botRule),
      schema: { tags, operationId: 'listTagsKb', summary: 'Los tags del bot: el global (t0) y luego los suyos por nombre', querystring: TagKbQuery, response: { 200: Type.Array(TagKb), ...refusals } },
    },
    async (request) => {
      const user = currentUser(request);
      await whenDefaultBot(app, user, request.query.idBot);
      return listTags(app.db, user, request.query.idBot);
    },
  );

  app.post(
    '/tag-kb',
    {
      preHandler: requireUser(botRule),
      schema: {
        tags, operationId: 'createTagKb', summary: 'Crea un tag (t1, t2 …) o responde el que ya tiene ese nombre, sin distinguir mayúsculas ni tildes',
        body: TagKbBody,
        response: { 200: TagKb, ...refusals },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await whenDefaultBot(app, user, request.body.idBot);
      return createTag(app, user, request.body.idBot, request.body.nm);
    },
  );

  app.post(
    '/skill/qna-search',
    {
      preHandler: requireUser(botRule),
      schema: {
        tags, operationId: 'searchQnas', summary: 'Una página de las QnA del bot con alguno de los tags (todas sin tags), por última modificación',
        body: QnaSearchBody,
        response: { 200: QnaPage, ...refusals },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await whenDefaultBot(app, user, request.body.idBot);
      return searchQnas(app.db, user, request.body);
    },
  );

  app.delete(
    '/skill/qna',
    {
      preHandler: requireUser(botRule),
      schema: { tags, operationId: 'deleteQna', summary: 'Elimina una QnA con sus acciones', querystring: QnaDeleteQuery, response: { 200: MessageBody, ...refusals } },
    },
    async (request) => {
      await deleteQna(app, currentUser(request), request.query.idBot, request.query.id);
      return { message: BOT_MESSAGES.deleted };
    },
  );

  app.post(
    '/skill/qna-delete',
    {
      preHandler: requireUser(botRule),
      schema: {
        tags, operationId: 'deleteQnasByTags', summary: 'Elimina las QnA del bot con alguno de los tags (al menos uno)',
        body: QnaDeleteByTagsBody,
        response: { 200: QnaDeleteByTagsAnswer, ...refusals },
      },
    },
    async (request) => deleteQnasByTags(app, currentUser(request), request.body.idBot, request.body.tags),
  );

  app.get(
    '/skill/jedai',
    {
      preHandler: requireUser(botRule),
      schema: {
        tags, operationId: 'loadDefaultQnas', summary: 'Copia en el bot las QnA por defecto que aún no tiene (por nombre), con sus tags y acciones',
        querystring: IdBotQuery,
        response: { 200: QnaDefaultAnswer, ...refusals },
      },
    },
    async (request) => loadDefaultQnas(app, currentUser(request), request.query.idBot),
  );

  app.get(
    '/skills/kb',
    {
      preHandler: requireUser(botRule),
      schema: { tags, operationId: 'listKbSkills', summary: 'Los skills del bot en modo KB', querystring: IdBotQuery, response: { 200: Type.Array(KbSkill), ...refusals } },
    },
    async (request) => listKbSkills(app.db, currentUser(request), request.query.idBot),
  );
}
