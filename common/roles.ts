// Roles, derived flags, sidebar and route rules. Pure functions shared by the
// console (menu, route guards, forms) and the server (every route's check).
import { CANAL_KINDS, CANAL_NAMES, canalEditorPath } from './schemas/canales';

export const ROLES = [
  'ROLE_ADMIN',
  'ROLE_COMPANIA',
  'ROLE_ADMINUSER',
  'ROLE_USER',
  'ROLE_DASHBOARD',
  'ROLE_HISTORIAL',
  'ROLE_SUPERVISOR',
] as const;
export type Rol = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Rol, string> = {
  ROLE_ADMIN: 'Administrador del sistema',
  ROLE_COMPANIA: 'Administrador',
  ROLE_ADMINUSER: 'Administrador Usuarios',
  ROLE_USER: 'Usuario',
  ROLE_DASHBOARD: 'Solo dashboard',
  ROLE_HISTORIAL: 'Solo historial',
  ROLE_SUPERVISOR: 'Supervisor',
};

export function isRol(value: unknown): value is Rol {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The part of the session user the rules read. */
export interface RoleSubject {
  rol: Rol;
  pmHist?: boolean;
  showChannels?: boolean;
  sso?: boolean;
}

export interface Flags {
  isAdmin: boolean;
  isCompania: boolean;
  isAdminUser: boolean;
  isDashboard: boolean;
  isUser: boolean;
  isBotEdit: boolean;
  isHistorial: boolean;
  isAccessChannel: boolean;
  isSupervisor: boolean;
  audit: boolean;
}

export function deriveFlags(user: RoleSubject, company?: { audit?: boolean } | null): Flags {
  const isAdmin = user.rol === 'ROLE_ADMIN';
  const isCompania = user.rol === 'ROLE_COMPANIA';
  return {
    isAdmin,
    isCompania,
    isAdminUser: user.rol === 'ROLE_ADMINUSER',
    isDashboard: user.rol === 'ROLE_DASHBOARD',
    isUser: user.rol === 'ROLE_USER',
    isBotEdit: isAdmin || isCompania,
    isHistorial: isAdmin || isCompania || user.rol === 'ROLE_HISTORIAL' || !!user.pmHist,
    isAccessChannel: isAdmin || isCompania || !!user.showChannels,
    isSupervisor: user.rol === 'ROLE_SUPERVISOR',
    audit: !!company?.audit,
  };
}

/** Sidebar links, in the order the sidebar shows them. */
export const SIDEBAR_LINKS = [
  { path: '/dashboard', label: 'Dashboard' },
  { path: '/empresas', label: 'Empresas' },
  { path: '/cfg', label: 'Email' },
  { path: '/qnas', label: 'Skills QnA' },
  { path: '/usuarios', label: 'Usuarios' },
  { path: '/canal', label: 'Canales' },
  { path: '/bot', label: 'Bots' },
  { path: '/historial', label: 'Historial' },
  { path: '/auditoria', label: 'Auditoría' },
  { path: '/about', label: 'Acerca de' },
] as const;
export type SidebarPath = (typeof SIDEBAR_LINKS)[number]['path'];

const SIDEBAR_RULES: Record<SidebarPath, (f: Flags) => boolean> = {
  '/dashboard': () => true,
  '/empresas': (f) => f.isAdmin,
  '/cfg': (f) => f.isAdmin,
  '/qnas': (f) => f.isAdmin,
  '/usuarios': (f) => f.isAdmin || f.isCompania || f.isAdminUser,
  '/canal': (f) => f.isAccessChannel,
  '/bot': (f) => (f.isCompania || f.isAdmin || f.isUser) && !f.isAdmin,
  '/historial': (f) => f.isHistorial,
  '/auditoria': (f) => f.isAdmin || f.isCompania,
  '/about': () => true,
};

export function sidebarLinks(flags: Flags) {
  return SIDEBAR_LINKS.filter((link) => SIDEBAR_RULES[link.path](flags));
}

/** The route checks, by the name of the check. */
export type RouteCheck = 'none' | 'admin' | 'adminUserOrChannel' | 'channel' | 'botEditOrUser' | 'historial';

export const CHECKS: Record<RouteCheck, (f: Flags) => boolean> = {
  none: () => true,
  admin: (f) => f.isAdmin,
  adminUserOrChannel: (f) => f.isAdmin || f.isCompania || f.isAdminUser || f.isAccessChannel,
  channel: (f) => f.isAccessChannel,
  botEditOrUser: (f) => f.isBotEdit || f.isUser,
  historial: (f) => f.isHistorial,
};

/** Each channel kind's editor route with its check (the channel catalogue's), in the catalogue's `routeOrder`. */
const CANAL_EDITOR_ROUTES: ReadonlyArray<{ path: string; check: RouteCheck }> = [...CANAL_NAMES]
  .sort((a, b) => CANAL_KINDS[a].routeOrder - CANAL_KINDS[b].routeOrder)
  .map((kind) => ({ path: canalEditorPath(kind, ':id'), check: CANAL_KINDS[kind].check }));

/** Every signed-in route of the console, with the check it applies. Patterns use react-router syntax. */
export const ROUTES: ReadonlyArray<{ path: string; check: RouteCheck }> = [
  { path: '/', check: 'none' },
  { path: '/dashboard', check: 'none' },
  { path: '/cambiar', check: 'none' },
  { path: '/about', check: 'none' },
  { path: '/cuenta', check: 'none' },
  { path: '/auditoria', check: 'none' },
  { path: '/usuarios', check: 'adminUserOrChannel' },
  { path: '/usuario/:id', check: 'adminUserOrChannel' },
  { path: '/canal', check: 'channel' },
  ...CANAL_EDITOR_ROUTES,
  { path: '/empresas', check: 'admin' },
  { path: '/empresa/:id', check: 'admin' },
  { path: '/cfg', check: 'admin' },
  { path: '/qnas', check: 'admin' },
  { path: '/bot', check: 'botEditOrUser' },
  { path: '/bot/:id', check: 'botEditOrUser' },
  { path: '/skill/:id', check: 'botEditOrUser' },
  { path: '/historial', check: 'historial' },
];

export function canOpen(check: RouteCheck, flags: Flags): boolean {
  return CHECKS[check](flags);
}

/** The check of the reports' routes (ask, list, download, delete): the history's, wherever 'Ver Informes' is offered. */
export const REPORTS_CHECK: RouteCheck = 'historial';

/** 'Ver Informes' and 'Generar informe' are offered only to whom the reports' routes admit. */
export function canUseReports(flags: Flags): boolean {
  return CHECKS[REPORTS_CHECK](flags);
}

/** 'Mi empresa' in the user menu is offered to ROLE_SUPERVISOR only. */
export function showsMiEmpresa(flags: Flags): boolean {
  return flags.isSupervisor;
}

/** 'Cambiar contraseña' is hidden for users who sign in through Microsoft. */
export function showsCambiarPassword(user: RoleSubject): boolean {
  return !user.sso;
}

/** User form rules. */
export function canChooseCompany(flags: Flags): boolean {
  return flags.isAdmin;
}

/** Who marks a user as signing in through Microsoft (sso): the system admin and the company's user admins. */
export function canSetSso(flags: Flags): boolean {
  return flags.isAdmin || flags.isAdminUser;
}

export function canPickRole(flags: Flags): boolean {
  return flags.isAdmin || flags.isCompania || flags.isAdminUser;
}

/** The roles an editor may assign to another user. An adminuser may not assign ROLE_COMPANIA; nobody but admin assigns ROLE_ADMIN. */
export function assignableRoles(flags: Flags): Rol[] {
  if (flags.isAdmin) return [...ROLES];
  if (flags.isCompania) return ROLES.filter((r) => r !== 'ROLE_ADMIN');
  if (flags.isAdminUser) return ROLES.filter((r) => r !== 'ROLE_ADMIN' && r !== 'ROLE_COMPANIA');
  return [];
}

/** An adminuser cannot edit its own role; others who may pick roles can. */
export function canEditRoleOf(flags: Flags, editorId: string, targetId: string | undefined): boolean {
  if (!canPickRole(flags)) return false;
  if (flags.isAdminUser && editorId === targetId) return false;
  return true;
}

/** Defaults of a new user: ROLE_USER, or ROLE_ADMINUSER when an admin creates it. */
export function newUserDefaultRole(flags: Flags): Rol {
  return flags.isAdmin ? 'ROLE_ADMINUSER' : 'ROLE_USER';
}

/** Who creates, edits or deletes users; a channel-access user only reads the users screens. */
export function canManageUsers(flags: Flags): boolean {
  return flags.isAdmin || flags.isCompania || flags.isAdminUser;
}

const ROLE_RANK: Record<Rol, number> = {
  ROLE_ADMIN: 3,
  ROLE_COMPANIA: 2,
  ROLE_ADMINUSER: 1,
  ROLE_USER: 0,
  ROLE_DASHBOARD: 0,
  ROLE_HISTORIAL: 0,
  ROLE_SUPERVISOR: 0,
};

/**
 * Whether an editor may create, edit or delete a user holding `targetRol`: it must manage users,
 * the target may not rank above the editor, and an adminuser never touches company or system admins.
 */
export function mayManageUserWithRole(editor: RoleSubject, flags: Flags, targetRol: string): boolean {
  if (!canManageUsers(flags) || !isRol(targetRol)) return false;
  if (ROLE_RANK[targetRol] > ROLE_RANK[editor.rol]) return false;
  return !(flags.isAdminUser && (targetRol === 'ROLE_ADMIN' || targetRol === 'ROLE_COMPANIA'));
}

/** The user flags an editor may switch on for someone else: the ones it holds (admin and compania hold all). */
export const GRANTABLE_FLAGS = ['pmHist', 'showChannels'] as const;
export type GrantableFlag = (typeof GRANTABLE_FLAGS)[number];

export function mayGrantFlag(editor: RoleSubject, flags: Flags, flag: GrantableFlag): boolean {
  return flags.isAdmin || flags.isCompania || !!editor[flag];
}
