// What the bot editor's suites share: the editor opened on a bot (its reads and saves recorded),
// its fields and sections, and a paste instead of typing a key at a time.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Bot } from '../../../src/api/bots';
import { compania, skills } from './botSupport';
import { record, renderAdmin, type Call } from './support';
import type { Session } from '../../../common/sessionTypes';

export function openBot(data: Bot, session: Session = compania) {
  const reads = record('get', '/bot', () => data);
  record('get', '/skills', () => skills);
  // Like the server: the saved bot, with each encrypted extra as a stored key and never its value.
  const saves = record('post', '/bot', ({ body }) => {
    const sent = body as Bot & { extrasEnc: Array<{ key: string }> };
    return { ...data, ...sent, extrasEnc: sent.extrasEnc.map(({ key }) => ({ key, set: true })), rev: data.rev + 1 };
  });
  renderAdmin(`/bot/${data.id}`, session);
  return { reads, saves };
}

export const field = (name: string) => screen.getByRole('textbox', { name });
export const guardar = () => userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
// One paste instead of a key at a time: this form is large, and every key re-renders it.
export async function write(element: HTMLElement, text: string) {
  await userEvent.click(element);
  await userEvent.paste(text);
}
export const lastBody = (calls: Call[]) => calls[calls.length - 1].body as Record<string, unknown>;
export type Section = 'Parámetros' | 'QnA' | 'Extras';
/** A section's button: its name, then ' · ' and its values summed up. */
const sectionName = (name: Section) => new RegExp(`^${name} ·`);
export const section = (name: Section) => screen.getByRole('button', { name: sectionName(name) });
/** Parameters, QnA settings and extras start closed: open one before using its fields. */
export async function open(...names: Section[]) {
  for (const name of names) await userEvent.click(await screen.findByRole('button', { name: sectionName(name) }));
}
