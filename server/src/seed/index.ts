// Demo data: three companies, the nine demo accounts, and enough users,
// bots, channels and audit rows to fill more than one page of every table.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Rol } from '../../../common/roles';
import { generatePassword, hashPassword } from '../services/auth/passwords';
import type { DB } from '../db/index';
import type { AuditoriaTable, Bool, BotTable, EmpresaTable, UsuarioTable } from '../db/schema';
import { companyZone } from '../services/empresas/empresas';
import { seedAsistente } from './asistente';
import { seedCanales } from './canales';
import { seedHistorial } from './historial';
import { seedDemoBotContent } from './bots';

export const DEMO_PASSWORD = 'Demo.2026';

const DAY = 24 * 60 * 60 * 1000;

interface PersonSeed {
  usuario: string;
  nm: string;
  ap: string;
  rol: Rol;
  uc: string | null;
  a?: Bool;
  pmHist?: Bool;
  showChannels?: Bool;
  expired?: boolean;
  /** Days before now the account was created. */
  age: number;
}

const DEMO_ACCOUNTS: Array<PersonSeed & { empresa: 'admin' | 'demo' | 'otra' }> = [
  { empresa: 'admin', usuario: 'admin@quipu.test', nm: 'Rodrigo', ap: 'Salazar Medina', rol: 'ROLE_ADMIN', uc: null, age: 400 },
  { empresa: 'demo', usuario: 'compania@quipu.test', nm: 'Lucía', ap: 'Fernández Rojas', rol: 'ROLE_COMPANIA', uc: 'admin@quipu.test', age: 380 },
  { empresa: 'demo', usuario: 'usuarios@quipu.test', nm: 'Andrés', ap: 'Villanueva Torres', rol: 'ROLE_ADMINUSER', uc: 'admin@quipu.test', age: 370 },
  { empresa: 'demo', usuario: 'usuario@quipu.test', nm: 'Camila', ap: 'Herrera Paredes', rol: 'ROLE_USER', uc: 'compania@quipu.test', pmHist: 1, showChannels: 1, age: 300 },
  { empresa: 'demo', usuario: 'dashboard@quipu.test', nm: 'Javier', ap: 'Mendoza Castillo', rol: 'ROLE_DASHBOARD', uc: 'compania@quipu.test', age: 280 },
  { empresa: 'demo', usuario: 'historial@quipu.test', nm: 'Valentina', ap: 'Ríos Gutiérrez', rol: 'ROLE_HISTORIAL', uc: 'compania@quipu.test', age: 260 },
  { empresa: 'demo', usuario: 'supervisor@quipu.test', nm: 'Diego', ap: 'Morales Vega', rol: 'ROLE_SUPERVISOR', uc: 'compania@quipu.test', age: 240 },
  { empresa: 'demo', usuario: 'expirado@quipu.test', nm: 'Sofía', ap: 'Castro Delgado', rol: 'ROLE_USER', uc: 'usuarios@quipu.test', expired: true, age: 200 },
  { empresa: 'otra', usuario: 'otra@quipu.test', nm: 'Martín', ap: 'Aguirre Navarro', rol: 'ROLE_COMPANIA', uc: 'admin@quipu.test', age: 350 },
];

const DEMO_STAFF: PersonSeed[] = [
  { usuario: 'gabriela.ramirez@demo-internacional.test', nm: 'Gabriela', ap: 'Ramírez Soto', rol: 'ROLE_USER', uc: 'usuarios@quipu.test', age: 180 },
  { usuario: 'tomas.vargas@demo-internacional.test', nm: 'Tomás', ap: 'Vargas Pineda', rol: 'ROLE_USER', uc: 'usuarios@quipu.test', showChannels: 1, age: 150 },
  { usuario: 'daniela.ortiz@demo-internacional.test', nm: 'Daniela', ap: 'Ortiz Campos', rol: 'ROLE_USER', uc: 'compania@quipu.test', pmHist: 1, age: 120 },
  { usuario: 'sebastian.chavez@demo-internacional.test', nm: 'Sebastián', ap: 'Chávez Luna', rol: 'ROLE_USER', uc: 'usuarios@quipu.test', a: 0, age: 95 },
  { usuario: 'paula.nunez@demo-internacional.test', nm: 'Paula', ap: 'Núñez Espinoza', rol: 'ROLE_USER', uc: 'usuarios@quipu.test', age: 70 },
  { usuario: 'mateo.flores@demo-internacional.test', nm: 'Mateo', ap: 'Flores Cárdenas', rol: 'ROLE_USER', uc: 'compania@quipu.test', age: 45 },
  { usuario: 'carolina.silva@demo-internacional.test', nm: 'Carolina', ap: 'Silva Benítez', rol: 'ROLE_USER', uc: 'usuarios@quipu.test', a: 0, age: 20 },
  { usuario: 'felipe.romero@demo-internacional.test', nm: 'Felipe', ap: 'Romero Ibáñez', rol: 'ROLE_USER', uc: 'usuarios@quipu.test', age: 6 },
];

const OTRA_STAFF: PersonSeed[] = [
  { usuario: 'ana.quispe@otra-empresa.test', nm: 'Ana', ap: 'Quispe Mamani', rol: 'ROLE_USER', uc: 'otra@quipu.test', age: 160 },
  { usuario: 'luis.huaman@otra-empresa.test', nm: 'Luis', ap: 'Huamán Ccori', rol: 'ROLE_HISTORIAL', uc: 'otra@quipu.test', age: 110 },
  { usuario: 'rosa.condori@otra-empresa.test', nm: 'Rosa', ap: 'Condori Apaza', rol: 'ROLE_ADMINUSER', uc: 'otra@quipu.test', age: 60 },
  { usuario: 'jorge.tapia@otra-empresa.test', nm: 'Jorge', ap: 'Tapia Zevallos', rol: 'ROLE_DASHBOARD', uc: 'otra@quipu.test', age: 15 },
];

const DEMO_BOTS: Array<[string, string]> = [
  ['Asistente de ventas', 'Responde consultas de precios y toma pedidos de la tienda en línea.'],
  ['Soporte técnico', 'Guía a los clientes en la solución de fallas frecuentes del servicio.'],
  ['Mesa de ayuda TI', 'Atiende solicitudes internas de los colaboradores: accesos, equipos y correo.'],
  ['Reservas', 'Agenda, confirma y reprograma reservas de salas y servicios.'],
  ['Cobranzas', 'Informa saldos pendientes y envía enlaces de pago.'],
  ['Preguntas frecuentes', 'Contesta las preguntas más comunes sobre horarios, sedes y políticas.'],
  ['Recursos humanos', 'Resuelve dudas sobre vacaciones, boletas y beneficios.'],
  ['Encuestas de satisfacción', 'Envía la encuesta posterior a la atención y registra la calificación.'],
  ['Seguimiento de pedidos', 'Indica el estado y la fecha estimada de entrega de cada pedido.'],
  ['Postventa', 'Gestiona cambios, devoluciones y garantías.'],
  ['Bienvenida de clientes', 'Acompaña a los clientes nuevos en sus primeros pasos.'],
  ['Citas médicas', 'Reserva citas con especialistas y envía recordatorios.'],
];

const OTRA_BOTS: Array<[string, string]> = [
  ['Atención al cliente', 'Primer contacto con los clientes en todos los canales.'],
  ['Facturación', 'Envía comprobantes y aclara dudas de facturas.'],
  ['Turnos', 'Entrega turnos de atención en las oficinas.'],
];

/** Realistic audit details for each event type (0 Historial, 1 Bot Modificado, 2 Bot desplegado, 3 Canales). */
const AUDIT_DETAILS: Record<number, string[]> = {
  0: [
    'Consultó la conversación del cliente 51987654321 en el bot Reservas',
    'Abrió el historial del cliente 51945678123 en el bot Soporte técnico',
    'Revisó las sesiones del cliente 51912345678 del 02/03 en el bot Cobranzas',
    'Consultó la conversación del cliente 51998877665 en el bot Seguimiento de pedidos',
  ],
  1: [
    'Modificó la respuesta de bienvenida del bot Asistente de ventas',
    'Agregó la intención «consultar saldo» al bot Cobranzas',
    'Cambió el horario de atención del bot Reservas a 08:00-20:00',
    'Eliminó la entidad «tipo de documento» del bot Mesa de ayuda TI',
  ],
  2: [
    'Desplegó el bot Soporte técnico en producción (versión 14)',
    'Desplegó el bot Preguntas frecuentes en producción (versión 7)',
    'Desplegó el bot Citas médicas en producción (versión 3)',
  ],
  3: [
    'Vinculó el canal Telegram al bot Asistente de ventas',
    'Desactivó el canal WhatsApp Ventas',
    'Creó el canal web «Chat del sitio» y lo vinculó al bot Preguntas frecuentes',
    'Desvinculó el canal Facebook del bot Postventa',
  ],
};

const OTRA_AUDIT_DETAILS: Array<[number, string]> = [
  [1, 'Modificó el mensaje de despedida del bot Atención al cliente'],
  [2, 'Desplegó el bot Facturación en producción (versión 2)'],
  [3, 'Activó el canal web «Portal de clientes»'],
  [0, 'Consultó la conversación del cliente 51955512345 en el bot Turnos'],
  [1, 'Agregó la pregunta «¿Dónde pago mi factura?» al bot Facturación'],
];

const iso = (ms: number) => new Date(ms).toISOString();

/** The four integration tokens of a demo company (required by the company editor). */
const tokens = (prefix: string) => ({ tk1: `${prefix}-TK1-7f3a`, tk2: `${prefix}-TK2-91c4`, tk3: `${prefix}-TK3-2be8`, tk4: `${prefix}-TK4-d05e` });

function empresa(nm: string, values: Partial<Insertable<EmpresaTable>>, now: number): Insertable<EmpresaTable> {
  return {
    id: randomUUID(),
    nm,
    ruc: '',
    activo: 1,
    audit: 0,
    dir: null,
    tel: null,
    c: null,
    razon: null,
    cs: null,
    csA: null,
    csE: null,
    consulta: null,
    fc: iso(now - 420 * DAY),
    ff: null,
    acl: 0,
    aclList: '[]',
    liveAgent: 0,
    tg: 0,
    ts: 30,
    tk1: null,
    tk2: null,
    tk3: null,
    tk4: null,
    ...values,
  };
}

function usuario(p: PersonSeed, idE: string, pwd: string, now: number): Insertable<UsuarioTable> {
  return {
    id: randomUUID(),
    usuario: p.usuario,
    idE,
    rol: p.rol,
    nm: p.nm,
    ap: p.ap,
    a: p.a ?? 1,
    uc: p.uc,
    sso: 0,
    pmHist: p.pmHist ?? 0,
    showChannels: p.showChannels ?? 0,
    fc: iso(now - p.age * DAY),
    pwd,
    pwdExpira: p.expired ? iso(now - 3 * DAY) : null,
    bloqueoHasta: null,
  };
}

export interface SeedOptions {
  /** scrypt cost for the demo password; tests use a low one. */
  passwordCost?: number;
  /**
   * 90 days of conversations of 'Asistente Quipu', with the time zone of companies without one.
   * A first start and db:seed load it; the tests' reset does not (each reset would take longer).
   */
  historial?: { chatTimeZone: string };
}

/** Fills an empty database with the demo companies, accounts, bots and audit rows. */
export async function seedDemo(db: DB, now: number, options: SeedOptions = {}): Promise<void> {
  // One hash for every demo account: scrypt is slow on purpose.
  const pwd = await hashPassword(DEMO_PASSWORD, options.passwordCost);

  const admin = empresa('Administración', { ...tokens('ADM'), ruc: '20600000001', razon: 'Quipu Plataformas S.A.C.', dir: 'Av. Javier Prado Este 4200, Lima', tel: '+51 1 610 4000', c: 'Rodrigo Salazar' }, now);
  const demo = empresa('Demo Internacional', { ...tokens('DEMO'), ruc: '20512345678', razon: 'Demo Internacional S.A.', dir: 'Calle Las Begonias 441, San Isidro, Lima', tel: '+51 1 705 2300', c: 'Lucía Fernández', audit: 1, tg: 1, liveAgent: 1, ts: 30, fc: iso(now - 390 * DAY) }, now);
  const otra = empresa('Otra Empresa', { ...tokens('OTRA'), ruc: '20498765432', razon: 'Otra Empresa E.I.R.L.', dir: 'Av. Ejército 1010, Arequipa', tel: '+51 54 282 900', c: 'Martín Aguirre', ts: 60, fc: iso(now - 360 * DAY) }, now);
  await db.insertInto('empresa').values([admin, demo, otra]).execute();

  const ids = { admin: admin.id, demo: demo.id, otra: otra.id };
  const users = [
    ...DEMO_ACCOUNTS.map((p) => usuario(p, ids[p.empresa], pwd, now)),
    ...DEMO_STAFF.map((p) => usuario(p, demo.id, pwd, now)),
    ...OTRA_STAFF.map((p) => usuario(p, otra.id, pwd, now)),
  ];
  await db.insertInto('usuario').values(users).execute();

  const bots: Insertable<BotTable>[] = [
    ...DEMO_BOTS.map(([nm, dsc], i) => ({ id: randomUUID(), idE: demo.id, nm, dsc, fc: iso(now - (300 - i * 20) * DAY) })),
    ...OTRA_BOTS.map(([nm, dsc], i) => ({ id: randomUUID(), idE: otra.id, nm, dsc, fc: iso(now - (200 - i * 30) * DAY) })),
  ];
  await db.insertInto('bot').values(bots).execute();
  await seedDemoBotContent(db, bots.filter((b) => b.idE === demo.id), now);
  const asistente = await seedAsistente(db, { idE: demo.id, idU: users.find((u) => u.usuario === 'compania@quipu.test')?.id ?? null }, now);
  await seedCanales(db, ids, now);
  if (options.historial) {
    const { chatTimeZone } = options.historial;
    await seedHistorial(db, { idE: demo.id, idBot: asistente, timeZone: companyZone(demo.tz, chatTimeZone), defaultTimeZone: chatTimeZone }, now);
  }

  const byLogin = new Map(users.map((u) => [u.usuario, u]));
  const demoAuthors = ['compania@quipu.test', 'usuario@quipu.test', 'supervisor@quipu.test', 'historial@quipu.test', 'usuarios@quipu.test'];
  const auditoria: Insertable<AuditoriaTable>[] = [];
  for (let i = 0; i < 30; i++) {
    const ev = i % 4;
    const details = AUDIT_DETAILS[ev];
    const author = byLogin.get(demoAuthors[(i * 3) % demoAuthors.length]);
    if (!author) continue;
    // Spread over the last twelve days, at office hours, newest first.
    const when = now - Math.floor(i / 2.5) * DAY - ((i * 97) % 540) * 60_000 - 60 * 60_000;
    auditoria.push({ id: randomUUID(), idU: author.id, us: author.usuario, idE: demo.id, ev, fc: iso(when), val: details[Math.floor(i / 4) % details.length] });
  }
  const otraAuthor = byLogin.get('otra@quipu.test');
  if (otraAuthor) {
    OTRA_AUDIT_DETAILS.forEach(([ev, val], i) => {
      auditoria.push({ id: randomUUID(), idU: otraAuthor.id, us: otraAuthor.usuario, idE: otra.id, ev, fc: iso(now - (i * 2 + 1) * DAY), val });
    });
  }
  await db.insertInto('auditoria').values(auditoria).execute();
}

/**
 * A first start without demo data: the company 'Administración' and one system administrator,
 * whose generated password is returned to be shown once. It is expired from the start, so the
 * first sign-in leads to renewal and the printed one stops working.
 */
export async function seedFirstAdmin(db: DB, now: number, login: string, options: SeedOptions = {}): Promise<string> {
  const password = generatePassword(16);
  const token = () => randomBytes(12).toString('base64url');
  const company = empresa('Administración', { ruc: '-', tk1: token(), tk2: token(), tk3: token(), tk4: token(), fc: iso(now) }, now);
  const admin = usuario({ usuario: login, nm: 'Administrador', ap: 'del sistema', rol: 'ROLE_ADMIN', uc: null, age: 0 }, company.id, await hashPassword(password, options.passwordCost), now);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('empresa').values(company).execute();
    await trx.insertInto('usuario').values({ ...admin, pwdExpira: iso(now) }).execute();
  });
  return password;
}

/** True when the database has no company yet (a fresh install). */
export async function isEmpty(db: DB): Promise<boolean> {
  const row = await db.selectFrom('empresa').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}
