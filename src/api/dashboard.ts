// The dashboard's calls (POST /dashboard/*) and 'Ver uso' of the flow diagram (POST /dashboard/uso),
// named custom methods of the data provider. The Sesiones card pages the history's clients
// (getHistoryClients, src/api/historial.ts).
import type { Static } from 'typebox';
import type {
  ClientCard,
  DashboardBots,
  DashboardData,
  DashboardDepts,
  DashboardQuery,
  DashboardSkills,
  DashboardTimeline,
  SkillUsage,
} from '../../common/schemas/historial';
import type { HttpClient } from './http';

export type { ClientCard, DashboardData, DashboardQuery, DashboardSkills, DashboardTimeline, SkillUsage };
export type DashboardDept = Static<typeof DashboardDepts>[number];
export type DashboardBot = Static<typeof DashboardBots>[number];

export function createDashboardApi(apiUrl: string, httpClient: HttpClient) {
  const post = async <T>(path: string, body: unknown): Promise<T> =>
    (await httpClient<T>(`${apiUrl}${path}`, { method: 'POST', body: JSON.stringify(body) })).json;

  return {
    /** Totals per channel and in all. */
    getDashboardData: (query: DashboardQuery) => post<DashboardData>('/dashboard/datos', query),
    /** One row per weekday (tl 'dias') or per hour (tl 'horas'). */
    getDashboardTimeline: (query: DashboardQuery) => post<DashboardTimeline>('/dashboard/timeline', query),
    /** The skills that answered most (top 10). */
    getDashboardSkills: (query: DashboardQuery) => post<DashboardSkills>('/dashboard/skill', query),
    /** Per department; 404 where the company does not have it. */
    getDashboardDepts: (query: DashboardQuery) => post<DashboardDept[]>('/dashboard/depts', query),
    /** Per bot of the company; 404 where the company does not have it. */
    getDashboardBots: (query: DashboardQuery) => post<DashboardBot[]>('/dashboard/bots', query),
    /** Per skill of the bot: the sessions that reached it and those that ended there. */
    getSkillUsage: (query: DashboardQuery) => post<SkillUsage>('/dashboard/uso', query),
  };
}

export type DashboardApi = ReturnType<typeof createDashboardApi>;
