// The signed-in custom pages: every path of roles.ts ROUTES that is not a resource's
// (routing/specPaths.ts), with the screen it shows. A page declares its own static `path`;
// listing it in SCREENS puts it on that route. Paths without a screen yet show 'En construcción'.
import type { ComponentType } from 'react';
import { Cambiar } from './auth/Cambiar';
import { AboutPage } from './pages/about/AboutPage';
import { CfgPage } from './pages/cfg/CfgPage';
import { ConstruccionPage } from './pages/construccion/ConstruccionPage';
import { CuentaPage } from './pages/cuenta/CuentaPage';
import { CANAL_SCREENS } from './pages/canales/screens';
import { ROUTES, type RouteCheck } from './permissions/roles';
import { isResourcePath } from './routing/specPaths';

type Screen = ComponentType & { path: string };

export const SCREENS: Screen[] = [AboutPage, Cambiar, CfgPage, CuentaPage];

export interface AppRoute {
  path: string;
  check: RouteCheck;
  Screen: ComponentType;
}

export const APP_ROUTES: AppRoute[] = ROUTES.filter(({ path }) => !isResourcePath(path)).map(({ path, check }) => ({
  path,
  check,
  Screen: [...SCREENS, ...CANAL_SCREENS].find((screen) => screen.path === path) ?? ConstruccionPage,
}));
