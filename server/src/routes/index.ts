// Every domain route plugin, registered under the API base by app.ts.
import type { App } from '../types';
import { auditoriaRoutes } from './auditoria';
import { botsRoutes } from './bots';
import { botTransferRoutes } from './botTransfer';
import { emailRoutes } from './email';
import { empresasRoutes } from './empresas';
import { usuariosRoutes } from './usuarios';
import { versionesRoutes } from './versiones';

export type RoutePlugin = (app: App) => Promise<void>;

export const routePlugins: RoutePlugin[] = [usuariosRoutes, empresasRoutes, emailRoutes, auditoriaRoutes, botsRoutes, botTransferRoutes, versionesRoutes];
