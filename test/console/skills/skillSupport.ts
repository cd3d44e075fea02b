// Shared by the skill editor's tests: a skill as GET /skill answers it, its bot's skills, the
// sessions of a bot editor (isBotEdit) and of a bot user, and the way /skill/{id} is opened.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Session } from '../../../common/sessionTypes';
import type { Skill } from '../../../src/api/skills';
import { makeSession } from '../fixtures';
import { record, renderAdmin, type Call } from '../resources/support';

export const compania = makeSession({ rol: 'ROLE_COMPANIA', id: 'cia' });
export const usuarioBots = makeSession({ rol: 'ROLE_USER', id: 'u7' });

export function skill(id: string, extra: Partial<Skill> = {}): Skill {
  return {
    id,
    idBot: 'b1',
    nm: 'Consultar saldo',
    dsc: 'Responde el saldo de la cuenta',
    tipo: 0,
    modKeyword: true,
    login: true,
    modToken: true,
    tokenOrd: false,
    tokens: [
      { nm: 'saldo', sinonimos: ['balance', 'dinero'], obl: true, req: false, order: 0, unique: false },
      { nm: 'cuenta', sinonimos: [], obl: false, req: true, order: 1, unique: true },
    ],
    frases: ['cuál es mi saldo', 'quiero saber mi saldo', 'cuánto dinero tengo'],
    keywordIncluye: ['saldo'],
    keywordExcluye: ['tarjeta'],
    threshold: 0.65,
    qna: false,
    tagsKb: ['t0', 'cuentas'],
    modKb: true,
    listRespKb: true,
    opAndKb: false,
    kbResultsMenu: 's3',
    opReq: 'OR',
    hasAttachments: true,
    attachmentsRequired: true,
    attachmentMaxCount: 3,
    attachmentMaxSize: 2,
    // The wire type reads never[] (schemas/skills.ts `literals` loses the literal types).
    attachmentTypes: ['pdf', 'xlsx'] as unknown as Skill['attachmentTypes'],
    to: null,
    fc: '2026-02-01T10:00:00.000Z',
    rev: 7,
    ...extra,
  };
}

export const botSkills = [
  { id: 's1', idBot: 'b1', nm: 'Consultar saldo', dsc: null, tipo: 0, nFrases: 3 },
  { id: 's2', idBot: 'b1', nm: 'Saludo', dsc: null, tipo: 0, nFrases: 2 },
  { id: 's3', idBot: 'b1', nm: 'Menú de resultados', dsc: null, tipo: 0, nFrases: 0 },
];

/** Opens /skill/{id}: GET /skill answers `data`, POST /skill answers like the server (what was sent, rev + 1). */
export function openSkill(data: Skill, session: Session = compania) {
  const reads = record('get', '/skill', () => data);
  record('get', '/skills', () => botSkills);
  const saves = record('post', '/skill', ({ body }) => ({ ...data, ...(body as Partial<Skill>), fc: data.fc, rev: data.rev + 1 }));
  renderAdmin(`/skill/${data.id}`, session);
  return { reads, saves };
}

export const lastBody = (calls: Call[]) => calls[calls.length - 1].body as Record<string, unknown>;
export const guardar = () => userEvent.click(screen.getByRole('button', { name: 'Guardar' }));

/** Types `text` in the box named `label` and presses Enter. */
export async function enter(label: string, text: string, container: { getByRole: typeof screen.getByRole } = screen) {
  const box = container.getByRole('textbox', { name: label });
  await userEvent.click(box);
  if (text) await userEvent.paste(text);
  await userEvent.keyboard('{Enter}');
  return box;
}

/** The chips of the list named `label`. */
export function chips(label: string): string[] {
  return Array.from(screen.getByRole('list', { name: label }).querySelectorAll('[data-chip]')).map((chip) => chip.textContent ?? '');
}

/** Waits for the editor to show the skill. */
export const opened = () => screen.findByRole('heading', { level: 1, name: 'Consultar saldo' });
