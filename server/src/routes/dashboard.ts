// The dashboard (every signed-in role sees it, for its own company's bots; the system admin for
// any company's) and 'Ver uso' on the bot's diagram. All read the counters only.
import { currentUser, requireUser } from '../plugins/guards';
import { assertPrerelease, dashboardBots, dashboardData, dashboardDepts, dashboardSkills, dashboardTimeline, skillUsage } from '../services/dashboard/consultas';
import { botRange, DASHBOARD_RANGE } from '../services/historial/rango';
import { fillsPreparing } from '../conversation/rellenos';
import type { App } from '../types';
import { DashboardBots, DashboardData, DashboardDepts, DashboardQuery, DashboardSkills, DashboardTimeline, SkillUsage } from '../../../common/schemas/historial';
import { ErrorBody, signedErrors } from '../../../common/schemas/common';

const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };
const tags = ['Dashboard'];

export async function dashboardRoutes(app: App): Promise<void> {
  const scope = (request: { body: DashboardQuery } & Parameters<typeof currentUser>[0]) => botRange(app, currentUser(request), request.body, DASHBOARD_RANGE);
  const route = { preHandler: requireUser() };

  app.post('/dashboard/datos', {
    ...route,
    schema: { tags, operationId: 'dashboardDatos', summary: 'Sesiones, clientes y mensajes del bot en el intervalo, por canal y en total; preparando mientras una actualización aún cuenta el historial anterior', body: DashboardQuery, response: { 200: DashboardData, ...refusals } },
  }, async (request) => {
    const data = await dashboardData(app.db, await scope(request));
    return (await fillsPreparing(app.db)) ? { ...data, preparando: true } : data;
  });

  app.post('/dashboard/timeline', {
    ...route,
    schema: { tags, operationId: 'dashboardTimeline', summary: "Por día de la semana (tl 'dias', 1 domingo … 7 sábado) o por hora (tl 'horas', 0–23), todas las filas aunque sean cero", body: DashboardQuery, response: { 200: DashboardTimeline, ...refusals } },
  }, async (request) => dashboardTimeline(app.db, await scope(request), request.body.tl));

  app.post('/dashboard/skill', {
    ...route,
    schema: { tags, operationId: 'dashboardSkill', summary: "Los 10 skills que más respondieron en el intervalo, con su nombre actual ('(eliminado)' si ya no existe)", body: DashboardQuery, response: { 200: DashboardSkills, ...refusals } },
  }, async (request) => dashboardSkills(app.db, await scope(request)));

  app.post('/dashboard/depts', {
    ...route,
    schema: { tags, operationId: 'dashboardDepts', summary: "Sesiones y clientes por canal de entrada (preliminar: con DASHBOARD_PRERELEASE y empresas cuyo nombre contiene 'internacional'; si no, 404)", body: DashboardQuery, response: { 200: DashboardDepts, ...refusals } },
  }, async (request) => {
    const where = await scope(request);
    assertPrerelease(where, app.config.dashboardPrerelease);
    return dashboardDepts(app.db, where);
  });

  app.post('/dashboard/bots', {
    ...route,
    schema: { tags, operationId: 'dashboardBots', summary: "Sesiones y clientes de cada bot de la empresa (preliminar: con DASHBOARD_PRERELEASE y empresas cuyo nombre contiene 'internacional'; si no, 404)", body: DashboardQuery, response: { 200: DashboardBots, ...refusals } },
  }, async (request) => {
    const where = await scope(request);
    assertPrerelease(where, app.config.dashboardPrerelease);
    return dashboardBots(app.db, where);
  });

  app.post('/dashboard/uso', {
    ...route,
    schema: { tags, operationId: 'dashboardUso', summary: "'Ver uso' del diagrama: por skill del bot, las sesiones que llegaron a él y las que terminaron en él", body: DashboardQuery, response: { 200: SkillUsage, ...refusals } },
  }, async (request) => skillUsage(app.db, await scope(request)));
}
