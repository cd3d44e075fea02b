// The role rules as tables: who sees which sidebar link and who may open which route. The expected
// tables are written out here, not recomputed with the rules under test.
import { describe, expect, it } from 'vitest';
import {
  ROUTES,
  SIDEBAR_LINKS,
  assignableRoles,
  canChooseCompany,
  canEditRoleOf,
  canOpen,
  canManageUsers,
  canPickRole,
  canSetSso,
  deriveFlags,
  mayGrantFlag,
  mayManageUserWithRole,
  newUserDefaultRole,
  showsCambiarPassword,
  showsMiEmpresa,
  sidebarLinks,
  type RoleSubject,
} from '../../../common/roles';

const SUBJECTS: Record<string, RoleSubject> = {
  ADM: { rol: 'ROLE_ADMIN' },
  COM: { rol: 'ROLE_COMPANIA' },
  AU: { rol: 'ROLE_ADMINUSER' },
  'AU+c': { rol: 'ROLE_ADMINUSER', showChannels: true },
  USR: { rol: 'ROLE_USER' },
  'USR+c': { rol: 'ROLE_USER', showChannels: true },
  'USR+h': { rol: 'ROLE_USER', pmHist: true },
  'USR+ch': { rol: 'ROLE_USER', showChannels: true, pmHist: true },
  DSH: { rol: 'ROLE_DASHBOARD' },
  'DSH+ch': { rol: 'ROLE_DASHBOARD', showChannels: true, pmHist: true },
  HIS: { rol: 'ROLE_HISTORIAL' },
  SUP: { rol: 'ROLE_SUPERVISOR' },
  'SUP+h': { rol: 'ROLE_SUPERVISOR', pmHist: true },
};

/** Parses a table: first row names the subjects, each further row a path and x / - per subject. */
function parse(table: string): Array<{ path: string; subject: string; allowed: boolean }> {
  const [header, ...rows] = table.trim().split('\n').map((line) => line.trim().split(/\s+/));
  return rows.flatMap(([path, ...marks]) => marks.map((mark, i) => ({ path, subject: header[i + 1], allowed: mark === 'x' })));
}

const SIDEBAR_TABLE = `
  link        ADM COM AU AU+c USR USR+c USR+h USR+ch DSH DSH+ch HIS SUP SUP+h
  /dashboard  x   x   x  x    x   x     x     x      x   x      x   x   x
  /empresas   x   -   -  -    -   -     -     -      -   -      -   -   -
  /cfg        x   -   -  -    -   -     -     -      -   -      -   -   -
  /qnas       x   -   -  -    -   -     -     -      -   -      -   -   -
  /usuarios   x   x   x  x    -   -     -     -      -   -      -   -   -
  /canal      x   x   -  x    -   x     -     x      -   x      -   -   -
  /bot        -   x   -  -    x   x     x     x      -   -      -   -   -
  /historial  x   x   -  -    -   -     x     x      -   x      x   -   x
  /auditoria  x   x   -  -    -   -     -     -      -   -      -   -   -
  /about      x   x   x  x    x   x     x     x      x   x      x   x   x
`;

const ROUTE_TABLE = `
  route                ADM COM AU AU+c USR USR+c USR+h USR+ch DSH DSH+ch HIS SUP SUP+h
  /                    x   x   x  x    x   x     x     x      x   x      x   x   x
  /dashboard           x   x   x  x    x   x     x     x      x   x      x   x   x
  /cambiar             x   x   x  x    x   x     x     x      x   x      x   x   x
  /about               x   x   x  x    x   x     x     x      x   x      x   x   x
  /cuenta              x   x   x  x    x   x     x     x      x   x      x   x   x
  /auditoria           x   x   x  x    x   x     x     x      x   x      x   x   x
  /usuarios            x   x   x  x    -   x     -     x      -   x      -   -   -
  /usuario/:id         x   x   x  x    -   x     -     x      -   x      -   -   -
  /canal               x   x   -  x    -   x     -     x      -   x      -   -   -
  /canal/tw/:id        x   x   -  x    -   x     -     x      -   x      -   -   -
  /canal/fb/:id        x   x   -  x    -   x     -     x      -   x      -   -   -
  /canal/tg/:id        x   x   -  x    -   x     -     x      -   x      -   -   -
  /canal/web/:id       x   x   -  x    -   x     -     x      -   x      -   -   -
  /canal/msft/:id      x   x   x  x    x   x     x     x      x   x      x   x   x
  /canal/google/:id    x   x   x  x    x   x     x     x      x   x      x   x   x
  /canal/slack/:id     x   x   x  x    x   x     x     x      x   x      x   x   x
  /canal/whatsapp/:id  x   x   x  x    x   x     x     x      x   x      x   x   x
  /empresas            x   -   -  -    -   -     -     -      -   -      -   -   -
  /empresa/:id         x   -   -  -    -   -     -     -      -   -      -   -   -
  /cfg                 x   -   -  -    -   -     -     -      -   -      -   -   -
  /qnas                x   -   -  -    -   -     -     -      -   -      -   -   -
  /bot                 x   x   -  -    x   x     x     x      -   -      -   -   -
  /bot/:id             x   x   -  -    x   x     x     x      -   -      -   -   -
  /skill/:id           x   x   -  -    x   x     x     x      -   -      -   -   -
  /historial           x   x   -  -    -   -     x     x      -   x      x   -   x
`;

describe('barra lateral (spec §6, visibilidad)', () => {
  it('la tabla cubre cada enlace de SIDEBAR_LINKS, en su orden', () => {
    const paths = SIDEBAR_TABLE.trim().split('\n').slice(1).map((line) => line.trim().split(/\s+/)[0]);
    expect(paths).toEqual(SIDEBAR_LINKS.map((link) => link.path));
  });

  it.each(parse(SIDEBAR_TABLE))('$subject ve $path: $allowed', ({ path, subject, allowed }) => {
    const shown = sidebarLinks(deriveFlags(SUBJECTS[subject])).map((link) => link.path);
    expect(shown.includes(path as never)).toBe(allowed);
  });

  it("rotula /cfg 'Email', /qnas 'Skills QnA' y /about 'Acerca de'", () => {
    const labels = Object.fromEntries(SIDEBAR_LINKS.map((link) => [link.path, link.label]));
    expect([labels['/cfg'], labels['/qnas'], labels['/about']]).toEqual(['Email', 'Skills QnA', 'Acerca de']);
  });
});

describe('rutas con sesión (spec §2 y §6, controles de ruta)', () => {
  it('la tabla cubre exactamente las rutas de ROUTES', () => {
    const paths = ROUTE_TABLE.trim().split('\n').slice(1).map((line) => line.trim().split(/\s+/)[0]);
    expect(paths).toEqual(ROUTES.map((route) => route.path));
  });

  it.each(parse(ROUTE_TABLE))('$subject abre $path: $allowed', ({ path, subject, allowed }) => {
    const route = ROUTES.find((candidate) => candidate.path === path)!;
    expect(canOpen(route.check, deriveFlags(SUBJECTS[subject]))).toBe(allowed);
  });
});

describe('menú de usuario (spec §2 y §6)', () => {
  it.each([
    ['ROLE_ADMIN', false],
    ['ROLE_COMPANIA', false],
    ['ROLE_ADMINUSER', false],
    ['ROLE_USER', false],
    ['ROLE_DASHBOARD', false],
    ['ROLE_HISTORIAL', false],
    ['ROLE_SUPERVISOR', true],
  ] as const)("'Mi empresa' para %s: %s", (rol, shown) => {
    expect(showsMiEmpresa(deriveFlags({ rol }))).toBe(shown);
  });

  it("'Cambiar contraseña' se oculta solo a quien ingresa con Microsoft", () => {
    expect(showsCambiarPassword({ rol: 'ROLE_USER', sso: true })).toBe(false);
    expect(showsCambiarPassword({ rol: 'ROLE_USER', sso: false })).toBe(true);
    expect(showsCambiarPassword({ rol: 'ROLE_ADMIN' })).toBe(true);
  });

  it.each([
    ['ROLE_ADMIN', true],
    ['ROLE_COMPANIA', false],
    ['ROLE_ADMINUSER', true],
    ['ROLE_USER', false],
    ['ROLE_DASHBOARD', false],
    ['ROLE_HISTORIAL', false],
    ['ROLE_SUPERVISOR', false],
  ] as const)("marcar a un usuario como 'Ingresa con Microsoft' (sso), %s: %s", (rol, allowed) => {
    expect(canSetSso(deriveFlags({ rol, showChannels: true, pmHist: true }))).toBe(allowed);
  });

  it('la auditoría de la empresa llega a los flags', () => {
    expect(deriveFlags({ rol: 'ROLE_USER' }, { audit: true }).audit).toBe(true);
    expect(deriveFlags({ rol: 'ROLE_USER' }, null).audit).toBe(false);
  });
});

describe('formulario de usuario (spec §6)', () => {
  const flags = (rol: RoleSubject['rol']) => deriveFlags({ rol });

  it('solo el administrador del sistema elige la empresa', () => {
    expect(canChooseCompany(flags('ROLE_ADMIN'))).toBe(true);
    for (const rol of ['ROLE_COMPANIA', 'ROLE_ADMINUSER', 'ROLE_USER', 'ROLE_SUPERVISOR'] as const) {
      expect(canChooseCompany(flags(rol))).toBe(false);
    }
  });

  it('admin, compania y adminuser eligen el rol; los demás lo ven de solo lectura', () => {
    expect(['ROLE_ADMIN', 'ROLE_COMPANIA', 'ROLE_ADMINUSER'].map((rol) => canPickRole(flags(rol as never)))).toEqual([true, true, true]);
    expect(['ROLE_USER', 'ROLE_DASHBOARD', 'ROLE_HISTORIAL', 'ROLE_SUPERVISOR'].map((rol) => canPickRole(flags(rol as never)))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('un adminuser no asigna ROLE_COMPANIA (ni ROLE_ADMIN)', () => {
    expect(assignableRoles(flags('ROLE_ADMINUSER'))).toEqual(['ROLE_ADMINUSER', 'ROLE_USER', 'ROLE_DASHBOARD', 'ROLE_HISTORIAL', 'ROLE_SUPERVISOR']);
    expect(assignableRoles(flags('ROLE_COMPANIA'))).toEqual([
      'ROLE_COMPANIA',
      'ROLE_ADMINUSER',
      'ROLE_USER',
      'ROLE_DASHBOARD',
      'ROLE_HISTORIAL',
      'ROLE_SUPERVISOR',
    ]);
    expect(assignableRoles(flags('ROLE_ADMIN'))).toHaveLength(7);
    expect(assignableRoles(flags('ROLE_USER'))).toEqual([]);
  });

  it('un adminuser no edita su propio rol, sí el de otros', () => {
    expect(canEditRoleOf(flags('ROLE_ADMINUSER'), '5', '5')).toBe(false);
    expect(canEditRoleOf(flags('ROLE_ADMINUSER'), '5', '6')).toBe(true);
    expect(canEditRoleOf(flags('ROLE_COMPANIA'), '5', '5')).toBe(true);
    expect(canEditRoleOf(flags('ROLE_USER'), '5', '6')).toBe(false);
  });

  it('un usuario nuevo es ROLE_USER, o ROLE_ADMINUSER si lo crea un administrador del sistema', () => {
    expect(newUserDefaultRole(flags('ROLE_ADMIN'))).toBe('ROLE_ADMINUSER');
    expect(newUserDefaultRole(flags('ROLE_COMPANIA'))).toBe('ROLE_USER');
    expect(newUserDefaultRole(flags('ROLE_ADMINUSER'))).toBe('ROLE_USER');
  });
});

describe('quién escribe usuarios, sobre quién y con qué permisos', () => {
  const flagsOf = (s: RoleSubject) => deriveFlags(s);
  it('solo el administrador del sistema, la compañía y el administrador de usuarios escriben usuarios', () => {
    const writers = Object.entries(SUBJECTS).filter(([, s]) => canManageUsers(flagsOf(s))).map(([name]) => name);
    expect(writers.sort()).toEqual(['ADM', 'AU', 'AU+c', 'COM']);
  });

  it.each([
    ['ROLE_ADMIN', 'ROLE_ADMIN', true],
    ['ROLE_COMPANIA', 'ROLE_ADMIN', false],
    ['ROLE_COMPANIA', 'ROLE_COMPANIA', true],
    ['ROLE_ADMINUSER', 'ROLE_COMPANIA', false],
    ['ROLE_ADMINUSER', 'ROLE_ADMIN', false],
    ['ROLE_ADMINUSER', 'ROLE_ADMINUSER', true],
    ['ROLE_ADMINUSER', 'ROLE_SUPERVISOR', true],
    ['ROLE_USER', 'ROLE_USER', false],
  ] as const)('%s sobre un %s: %s', (editor, target, allowed) => {
    const subject: RoleSubject = { rol: editor, showChannels: true, pmHist: true };
    expect(mayManageUserWithRole(subject, flagsOf(subject), target)).toBe(allowed);
  });

  it('solo se otorga un permiso que se tiene; admin y compañía los tienen todos', () => {
    const plain: RoleSubject = { rol: 'ROLE_ADMINUSER' };
    const withHist: RoleSubject = { rol: 'ROLE_ADMINUSER', pmHist: true };
    expect(mayGrantFlag(plain, flagsOf(plain), 'pmHist')).toBe(false);
    expect(mayGrantFlag(withHist, flagsOf(withHist), 'pmHist')).toBe(true);
    expect(mayGrantFlag(withHist, flagsOf(withHist), 'showChannels')).toBe(false);
    for (const rol of ['ROLE_ADMIN', 'ROLE_COMPANIA'] as const) {
      expect(mayGrantFlag({ rol }, flagsOf({ rol }), 'showChannels')).toBe(true);
    }
  });
});
