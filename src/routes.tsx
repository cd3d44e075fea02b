// The signed-in custom pages: every path of roles.ts ROUTES that is not a resource's
// (routing/specPaths.ts), with the screen it shows. A page declares its own static `path`;
// listing it in SCREENS puts it on that route. Paths without a screen yet show 'En construcción'.
import type { ComponentType } from 'react';
import { Navigate } from 'react-router-dom';
import { Loading } from 'react-admin';
import { Cambiar } from './auth/Cambiar';
import { AboutPage } from './pages/about/AboutPage';
import { CfgPage } from './pages/cfg/CfgPage';
import { ConstruccionPage } from './pages/construccion/ConstruccionPage';
import { CuentaPage } from './pages/cuenta/CuentaPage';
import { HistorialPage } from './pages/historial/HistorialPage';
import { CANAL_SCREENS } from './pages/canales/screens';
import { ROUTES, sidebarLinks, type Flags, type RouteCheck } from '../common/roles';
import { useFlags } from './permissions/useFlags';
import { isResourcePath } from './routing/specPaths';

type Screen = ComponentType & { path: string };

export const SCREENS: Screen[] = [AboutPage, Cambiar, CfgPage, CuentaPage, HistorialPage];

/** Whether a route of ROUTES has its screen (a resource's or a page of SCREENS), rather than 'En construcción'. */
export function isBuilt(path: string): boolean {
  return isResourcePath(path) || [...SCREENS, ...CANAL_SCREENS].some((screen) => screen.path === path);
}

/**
 * Where '/' leads while the dashboard is not built: the bot list when the role sees it, otherwise
 * the first link of its sidebar whose screen is built ('Acerca de' is in every sidebar).
 */
export function homePath(flags: Flags): string {
  const links = sidebarLinks(flags);
  if (links.some((link) => link.path === '/bot')) return '/bot';
  return links.find((link) => isBuilt(link.path))?.path ?? '/about';
}

function Inicio() {
  const { flags, isPending } = useFlags();
  if (isPending || !flags) return <Loading />;
  return <Navigate to={homePath(flags)} replace />;
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
