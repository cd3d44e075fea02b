// The skills of a bot as its flow diagram uses them (bot-building spec §7): list, create from
// 'Agregar Skill', delete skills and links. Named custom methods of the data provider.
import type { Static } from 'typebox';
import type { SkillCreateBody, SkillDeleteBody, SkillSummary } from '../../server/src/schemas/bots';
import type { HttpClient } from './http';
import type { ServerMessage } from './sessionTypes';

export type { SkillSummary };
/** POST /skill: name and description (the server appends the skill's node to the stored diagram). */
export type SkillCreateInput = Static<typeof SkillCreateBody>;
/** POST /skill.delete: the skills and the links (diagram edges) that go, in one call. */
export type SkillDeleteInput = Static<typeof SkillDeleteBody>;

export function createSkillsApi(apiUrl: string, httpClient: HttpClient) {
  const call = async <T>(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<T> =>
    (await httpClient<T>(`${apiUrl}${path}`, { method, body: payload === undefined ? undefined : JSON.stringify(payload) })).json;

  return {
    getSkills: (idBot: string) => call<SkillSummary[]>('GET', `/skills?idBot=${encodeURIComponent(idBot)}`),
    createSkill: (body: SkillCreateInput) => call<SkillSummary>('POST', '/skill', body),
    deleteSkills: (body: SkillDeleteInput) => call<ServerMessage>('POST', '/skill.delete', body),
  };
}
