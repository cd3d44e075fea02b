// Skills (skills, skill, skill.delete, skill.frases): the
// diagram's list and delete, the skill editor's read and save, and its training phrases. Every
// route: ROLE_ADMIN, ROLE_COMPANIA or ROLE_USER, within the caller's company (another company's
// skill answers 404). Creating and deleting need isBotEdit; without it a save takes only the
// phrases and keyword lists, and phrases may always be added.
import { Type } from 'typebox';
import { currentUser, largeBody, requireUser } from '../plugins/guards';
import { addPhrases, deleteSkills, findSkillFor, listSkills, presetPhrases, saveSkill, toSkill } from '../services/bots/skills';
import type { App } from '../types';
import { SkillDeleteBody, SkillSummary, BOT_MESSAGES } from '../../../common/schemas/bots';
import { ErrorBody, IdQuery, MessageBody, signedErrors } from '../../../common/schemas/common';
import { PhrasesAnswer, PhrasesBody, PhrasesQuery, PresetAnswer, PresetQuery, Skill, SkillBody } from '../../../common/schemas/skills';

const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };
const tags = ['Bots'];
const botRule = 'botEditOrUser' as const;

export async function skillsRoutes(app: App): Promise<void> {
  app.get(
    '/skills',
    {
      preHandler: requireUser(botRule),
      schema: {
        tags, operationId: 'listSkills', summary: 'Los skills de un bot, como los muestra el diagrama',
        querystring: Type.Object({ idBot: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: Type.Array(SkillSummary), ...refusals },
      },
    },
    async (request) => listSkills(app.db, currentUser(request), request.query.idBot),
  );

  app.get(
    '/skill',
    {
      preHandler: requireUser(botRule),
      schema: { tags, operationId: 'getSkill', summary: 'Un skill con todos sus campos (los que faltan, con su valor por defecto) y su rev', querystring: IdQuery, response: { 200: Skill, ...refusals } },
    },
    async (request) => toSkill(await findSkillFor(app.db, currentUser(request), request.query.id, 'read')),
  );

  app.post(
    '/skill',
    {
      preHandler: requireUser(botRule),
      // Phrases, keyword lists and tokens with their synonyms.
      ...largeBody(app.config.editorBodyLimitKb, botRule),
      schema: {
        tags, operationId: 'saveSkill',
        summary: 'Crea un skill y su nodo en el diagrama (sin id) o lo modifica (con id y rev). Sin isBotEdit solo se guardan frases y palabras clave',
        body: SkillBody,
        response: { 200: Skill, ...refusals, 409: ErrorBody },
      },
    },
    async (request) => saveSkill(app, currentUser(request), request.body),
  );

  app.post(
    '/skill.delete',
    {
      preHandler: requireUser(botRule),
      // Deleting most of a large diagram names every skill and link.
      ...largeBody(app.config.editorBodyLimitKb, botRule),
      schema: {
        tags, operationId: 'deleteSkills', summary: 'Elimina skills (con sus acciones y requerimientos) y enlaces del diagrama',
        body: SkillDeleteBody,
        response: { 200: MessageBody, ...refusals },
      },
    },
    async (request) => {
      await deleteSkills(app, currentUser(request), request.body);
      return { message: BOT_MESSAGES.deleted };
    },
  );

  app.get(
    '/skill.frases',
    {
      preHandler: requireUser(botRule),
      schema: {
        tags, operationId: 'getPresetPhrases', summary: 'Frases de entrenamiento predefinidas: saludos, despedidas o insultos',
        querystring: PresetQuery,
        response: { 200: PresetAnswer, ...refusals },
      },
    },
    async (request) => presetPhrases(app.db, currentUser(request), request.query.id, request.query.tipo),
  );

  app.post(
    '/skill.frases',
    {
      preHandler: requireUser(botRule),
      // A phrase file's lines.
      ...largeBody(app.config.editorBodyLimitKb, botRule),
      schema: {
        tags, operationId: 'addPhrases',
        summary: 'Agrega frases de entrenamiento al skill, sin repetir las que ya tiene (rev es informativo: la unión no pisa cambios ajenos)',
        querystring: PhrasesQuery,
        body: PhrasesBody,
        response: { 200: PhrasesAnswer, ...refusals, 409: ErrorBody },
      },
    },
    async (request) => addPhrases(app, currentUser(request), request.query.id, request.body),
  );
}
