// Every domain route plugin, registered under the API base by app.ts.
import type { App } from '../types';
import { accionesRoutes } from './acciones';
import { auditoriaRoutes } from './auditoria';
import { botsRoutes } from './bots';
import { botTransferRoutes } from './botTransfer';
import { canalesRoutes } from './canales';
import { canalesProveedoresRoutes } from './canalesProveedores';
import { canalTeamsRoutes } from './canalTeams';
import { canalGoogleRoutes } from './canalGoogle';
import { canalFacebookRoutes } from './canalFacebook';
import { canalTwitterRoutes } from './canalTwitter';
import { chatRoutes } from './chat';
import { chatArchivosRoutes } from './chatArchivos';
import { dashboardRoutes } from './dashboard';
import { demoRoutes } from './demo';
import { emailRoutes } from './correo';
import { entidadesRoutes } from './entidades';
import { empresasRoutes } from './empresas';
import { frasesRoutes } from './frases';
import { historialRoutes } from './historial';
import { oidcRoutes } from './oidc';
import { informesRoutes } from './informes';
import { qnaRoutes } from './qna';
import { qnaImportRoutes } from './qnaImport';
import { qnaMonitoreoRoutes } from './qnaMonitoreo';
import { requerimientosRoutes } from './requerimientos';
import { skillsRoutes } from './skills';
import { usuariosRoutes } from './usuarios';
import { versionesRoutes } from './versiones';
import { webchatPublicoRoutes } from '../channels/web/routes';

export type RoutePlugin = (app: App) => Promise<void>;

export const routePlugins: RoutePlugin[] = [
  usuariosRoutes, empresasRoutes, emailRoutes, auditoriaRoutes, botsRoutes, skillsRoutes, accionesRoutes, requerimientosRoutes, entidadesRoutes, frasesRoutes, botTransferRoutes, versionesRoutes,
  qnaRoutes, qnaImportRoutes,
  qnaMonitoreoRoutes,
  chatRoutes, chatArchivosRoutes, demoRoutes,
  historialRoutes, informesRoutes, dashboardRoutes,
  canalesRoutes,
  canalesProveedoresRoutes,
  canalTeamsRoutes,
  canalGoogleRoutes,
  canalFacebookRoutes,
  canalTwitterRoutes,
  webchatPublicoRoutes,
  oidcRoutes,
];
