// The demo channels: Demo Internacional's web chat 'Chat del sitio', active and linked to
// 'Asistente Quipu' (the sample page /webchat/ejemplo.html embeds it), and enough channels of each
// kind of this issue to fill the list; Otra Empresa gets one. No provider secret is seeded.
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { CANAL_KINDS, type CanalCfg, type CanalKind, type WebConfig } from '../../../common/schemas/canales';
import { withWebDefaults } from '../services/canales/rules';
import type { DB } from '../db/index';
import type { CanalTable } from '../db/schema';

export const DEMO_WEB_CHANNEL = 'Chat del sitio';

interface CanalSeed {
  name: CanalKind;
  dsc: string;
  activo: boolean;
  /** The linked bot, by name; none when unlinked. */
  bot?: string;
  hours?: [string, string];
  web?: WebConfig;
  cfg?: CanalCfg;
  excluir?: Array<{ numero: string; nombre: string }>;
  chasquiUrl?: string;
  /** Days before now it was created. */
  age: number;
}

const DEMO_CANALES: CanalSeed[] = [
  {
    name: 'Web', dsc: DEMO_WEB_CHANNEL, activo: true, bot: 'Asistente Quipu', age: 2,
    web: { headerTitle: 'Asistente Quipu', welcomeMessage: '¡Hola! Soy el Asistente Quipu. Pregúnteme por precios, horarios o el estado de su pedido.' },
  },
  {
    name: 'Web', dsc: 'Portal de clientes', activo: false, bot: 'Preguntas frecuentes', age: 120,
    web: { headerTitle: 'Portal de clientes', domain: ['https://clientes.demo-internacional.test'] },
  },
  {
    name: 'Web', dsc: 'Ayuda en la app', activo: true, bot: 'Soporte técnico', hours: ['07:00', '22:00'], age: 90,
    web: {
      headerTitle: 'Soporte', domain: ['app.demo-internacional.test'], width: '380px', welcomeHeight: 80,
      theme: { headerBgColor: 'rgba(0, 121, 107, 1)', botBubbleColor: 'rgba(0, 121, 107, 1)', bgBtn: 'rgba(0, 121, 107, 1)' },
    },
  },
  {
    name: 'Whatsapp', dsc: 'WhatsApp Ventas', activo: false, age: 60, cfg: { phoneNumberId: '105550000000001' },
    excluir: [{ numero: '+51 999 888 777', nombre: 'Gerencia comercial' }],
  },
  {
    name: 'Whatsapp', dsc: 'WhatsApp Cobranzas', activo: true, bot: 'Cobranzas', hours: ['08:00', '20:00'], age: 45,
    chasquiUrl: 'https://relay.demo-internacional.test/whatsapp',
  },
  { name: 'Slack', dsc: 'Slack Mesa de ayuda', activo: true, bot: 'Mesa de ayuda TI', age: 30, cfg: { appId: 'A0DEMO12345' } },
  { name: 'Telegram', dsc: 'Telegram Reservas', activo: false, bot: 'Reservas', age: 15 },
];

const OTRA_CANALES: CanalSeed[] = [
  { name: 'Web', dsc: 'Portal de clientes', activo: true, bot: 'Atención al cliente', age: 40, web: { headerTitle: 'Otra Empresa' } },
];

/** Inserts the company's demo channels; a company that has channels already is left as it is. */
async function seedCompany(db: DB, idE: string, seeds: CanalSeed[], now: number): Promise<void> {
  const existing = await db.selectFrom('canal').select('id').where('idE', '=', idE).executeTakeFirst();
  if (existing) return;
  const bots = new Map((await db.selectFrom('bot').select(['id', 'nm']).where('idE', '=', idE).execute()).map((b) => [b.nm, b.id]));
  const rows: Insertable<CanalTable>[] = seeds.map((s) => ({
    id: randomUUID(),
    idE,
    name: s.name,
    red: CANAL_KINDS[s.name].red,
    dsc: s.dsc,
    activo: s.activo ? 1 : 0,
    idR: null,
    b: (s.bot && bots.get(s.bot)) || null,
    porHora: s.hours ? 1 : 0,
    hi: s.hours?.[0] ?? null,
    hf: s.hours?.[1] ?? null,
    msgFueraHora: null,
    liveAgent: 0,
    email: null,
    useChasqui: s.chasquiUrl ? 1 : 0,
    chasquiUrl: s.chasquiUrl ?? null,
    excluir: JSON.stringify(s.excluir ?? []),
    web: s.name === 'Web' ? JSON.stringify(withWebDefaults(s.web)) : null,
    cfg: JSON.stringify(s.cfg ?? {}),
    secretos: '{}',
    uc: null,
    fc: new Date(now - s.age * 24 * 3_600_000).toISOString(),
    rev: 0,
  }));
  await db.insertInto('canal').values(rows).execute();
}

/** The demo channels of Demo Internacional (`demo`) and Otra Empresa (`otra`); run after the bots. */
export async function seedCanales(db: DB, ids: { demo: string; otra: string }, now: number): Promise<void> {
  await seedCompany(db, ids.demo, DEMO_CANALES, now);
  await seedCompany(db, ids.otra, OTRA_CANALES, now);
}
