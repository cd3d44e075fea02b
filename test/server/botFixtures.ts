// What the bot suites share: bots and skills written straight to the database, and the rule of
// who reaches a bot route.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Account } from './adminFixtures';
import type { TestApp } from './helpers';

/** Inserts a bot of company idE with the stored defaults; returns its id. */
export async function insertBot(t: TestApp, idE: string, nm = `Bot ${randomUUID().slice(0, 8)}`, fields: Record<string, unknown> = {}): Promise<string> {
  const id = randomUUID();
  await t.app.db.insertInto('bot').values({ id, idE, nm, dsc: null, fc: new Date(t.clock.now).toISOString(), ...fields }).execute();
  return id;
}

/** Inserts a skill of a bot; returns its id. */
export async function insertSkill(t: TestApp, idBot: string, nm: string, fields: { frases?: string[]; tipo?: number; cfg?: object } = {}): Promise<string> {
  const id = randomUUID();
  await t.app.db
    .insertInto('skill')
    .values({ id, idBot, nm, dsc: null, tipo: fields.tipo ?? 0, frases: JSON.stringify(fields.frases ?? []), cfg: JSON.stringify(fields.cfg ?? {}), fc: new Date(t.clock.now).toISOString() })
    .execute();
  return id;
}

export function botRow(t: TestApp, id: string) {
  return t.app.db.selectFrom('bot').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The ev 1 / ev 2 rows naming a bot, newest first. */
export function botAudit(t: TestApp, nm: string) {
  return t.app.db.selectFrom('auditoria').selectAll().where('val', 'like', `Bot «${nm}»%`).orderBy('fc', 'desc').orderBy('id', 'desc').execute();
}

/**
 * What each demo account gets on a route of a Demo Internacional bot: `read` routes open to
 * ROLE_ADMIN, ROLE_COMPANIA and ROLE_USER; `edit` routes to the first two; otra@ (ROLE_COMPANIA
 * of another company) always gets 404.
 */
export function expectedStatus(who: Account, need: 'read' | 'edit'): number {
  if (who === 'otra') return 404;
  if (who === 'admin' || who === 'compania') return 200;
  if (who === 'usuario') return need === 'read' ? 200 : 403;
  return 403;
}

/** The JSON of a 200 answer; any other status fails the test, showing the body. */
export function ok(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
