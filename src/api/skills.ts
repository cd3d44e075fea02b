// The skills of a bot: the diagram's list, create and delete; the skill
// editor's skill, phrase sets, actions (with their order) and requirements. Named custom methods
// of the data provider.
import type { Static } from 'typebox';
import type { SkillDeleteBody, SkillSummary } from '../../common/schemas/bots';
import type { AccionOrderBody, PhrasesAnswer, Requerimiento, RequerimientoBody, Skill, SkillBody } from '../../common/schemas/skills';
import type { Accion, AccionBody } from '../../common/actions';
import type { PresetType } from '../../common/schemas/skillRules';
import { jsonCaller, type HttpClient } from './http';
import type { ServerMessage } from '../../common/sessionTypes';

export type { Accion, AccionBody, PhrasesAnswer, Requerimiento, RequerimientoBody, Skill, SkillBody, SkillSummary };
/** POST /skill from the diagram: name and description (the server appends the skill's node to the stored diagram). */
export type SkillCreateInput = Pick<SkillBody, 'idBot' | 'nm' | 'dsc'>;
/** POST /skill.delete: the skills and the links (diagram edges) that go, in one call. */
export type SkillDeleteInput = Static<typeof SkillDeleteBody>;

export const toSkillSummary = (skill: Skill): SkillSummary => ({ id: skill.id, idBot: skill.idBot, nm: skill.nm, dsc: skill.dsc, tipo: skill.tipo, nFrases: skill.frases.length });

/** A skill as POST /skill takes it: the answer's server-owned fields left out. */
export function toSkillBody(skill: Partial<Skill> & Pick<Skill, 'idBot' | 'nm'>): SkillBody {
  const { fc: _fc, ...body } = skill;
  return body as SkillBody;
}

export function createSkillsApi(apiUrl: string, httpClient: HttpClient) {
  const call = jsonCaller(apiUrl, httpClient);
  const q = encodeURIComponent;

  return {
    getSkills: (idBot: string) => call<SkillSummary[]>('GET', `/skills?idBot=${q(idBot)}`),
    createSkill: async (body: SkillCreateInput) => toSkillSummary(await call<Skill>('POST', '/skill', body)),
    deleteSkills: (body: SkillDeleteInput) => call<ServerMessage>('POST', '/skill.delete', body),
    /** GET /skill?id: every field of the skill, with its rev. */
    getSkill: (id: string) => call<Skill>('GET', `/skill?id=${q(id)}`),
    /** POST /skill with id and rev: 400 names the field, 409 when someone saved first. */
    saveSkill: (skill: Partial<Skill> & Pick<Skill, 'idBot' | 'nm'>) => call<Skill>('POST', '/skill', toSkillBody(skill)),
    /** GET /skill.frases?id&tipo: the server's greetings, farewells or insults. */
    getPresetPhrases: (id: string, tipo: PresetType) => call<{ tipo: string; frases: string[] }>('GET', `/skill.frases?id=${q(id)}&tipo=${q(tipo)}`),
    /** POST /skill.frases?id&rev: merges lines into the stored phrases without repeats. */
    addPhrases: (id: string, lines: string[], rev?: number) =>
      call<PhrasesAnswer>('POST', `/skill.frases?id=${q(id)}${rev === undefined ? '' : `&rev=${rev}`}`, lines),
    getAcciones: (skillId: string) => call<Accion[]>('GET', `/acciones?skillId=${q(skillId)}`),
    saveAccion: (accion: AccionBody) => call<Accion>('POST', '/accion', accion),
    deleteAccion: (id: string) => call<unknown>('DELETE', `/accion?id=${q(id)}`),
    /** POST /accion.order: the move, answered with the skill's actions in their new order. */
    orderAcciones: (body: Static<typeof AccionOrderBody>) => call<Accion[]>('POST', '/accion.order', body),
    getRequerimientos: (idSkill: string, tp: 0 | 1) => call<Requerimiento[]>('GET', `/requerimientos?idSkill=${q(idSkill)}&tp=${tp}`),
    saveRequerimiento: (req: RequerimientoBody) => call<Requerimiento>('POST', '/requerimiento', req),
    deleteRequerimiento: (id: string) => call<unknown>('DELETE', `/requerimiento?id=${q(id)}`),
  };
}
