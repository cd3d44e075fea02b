// The signed-in custom pages: every path of roles.ts ROUTES that is not a resource's
// (routing/specPaths.ts), with the screen it shows. A page declares its own static `path`;
// listing it in SCREENS puts it on that route. Paths without a screen yet show 'En construcción'.
import type { ComponentType } from 'react';
import { Navigate } from 'react-router-dom';
import { Cambiar } from './auth/Cambiar';
import { AboutPage } from './pages/about/AboutPage';
import { CfgPage } from './pages/cfg/CfgPage';
import { ConstruccionPage } from './pages/construccion/ConstruccionPage';
import { CuentaPage } from './pages/cuenta/CuentaPage';
import { DashboardPage } from './pages/dashboard/DashboardPage';
import { HistorialPage } from './pages/historial/HistorialPage';
import { CANAL_SCREENS } from './pages/canales/screens';
import { QnaSkillsPage } from './resources/qna/QnaSkillsPage';
import { ROUTES, type RouteCheck } from '../common/roles';
import { isResourcePath } from './routing/specPaths';

type Screen = ComponentType & { path: string };

export const SCREENS: Screen[] = [AboutPage, Cambiar, CfgPage, CuentaPage, DashboardPage, HistorialPage, QnaSkillsPage];

/** Whether a route of ROUTES has its screen (a resource's or a page of SCREENS), rather than 'En construcción'. */
export function isBuilt(path: string): boolean {
  return isResourcePath(path) || [...SCREENS, ...CANAL_SCREENS].some((screen) => screen.path === path);
}

/** '/' is the dashboard, for every role (its sidebar link and its page are /dashboard). */
function Inicio() {
  return <Navigate to={DashboardPage.path} replace />;
}

export interface AppRoute {
  path: string;
  check: RouteCheck;
  Screen: ComponentType;
}

export const APP_ROUTES: AppRoute[] = ROUTES.filter(({ path }) => !isResourcePath(path)).map(({ path, check }) => ({
  path,
  check,
  Screen: path === '/' ? Inicio : ([...SCREENS, ...CANAL_SCREENS].find((screen) => screen.path === path) ?? ConstruccionPage),
}));
