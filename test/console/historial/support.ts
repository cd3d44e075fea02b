// The history's tests: what the server answers for the demo bots, recorded, how the page is opened
// at a fixed "now" (only Date is faked: msw and user events keep their timers), and how saved
// files are caught.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, type JsonBodyType } from 'msw';
import { vi } from 'vitest';
import type { Rol } from '../../../common/roles';
import type { ClientCard, ConversationPage, HistoryMessage, HistoryChatSession, Report } from '../../../common/schemas/historial';
import type { Session } from '../../../common/sessionTypes';
import { makeSession } from '../fixtures';
import { record, renderAdmin, type Call } from '../resources/support';

/** 26/11/2026 03:00 UTC: still the 25th in Lima, the demo company's time zone. */
export const NOW = new Date('2026-11-26T03:00:00.000Z');

export const BOTS = [
  { id: 'b1', nm: 'Asistente Quipu' },
  { id: 'b2', nm: 'Ventas' },
];

export function cliente(n: number, extra: Partial<ClientCard> = {}): ClientCard {
  return { idClt: `c${n}`, nm: `Cliente ${n}`, red: 3, ultimo: '2026-11-25T20:05:00.000Z', sesiones: 2, ...extra };
}

export const SESIONES: HistoryChatSession[] = [
  { id: 's1', fi: '2026-11-25T19:30:00.000Z', ff: null, red: 3 },
  { id: 's2', fi: '2026-11-24T14:00:00.000Z', ff: '2026-11-24T14:20:00.000Z', red: 3 },
];

export function mensaje(seq: number, extra: Partial<HistoryMessage> = {}): HistoryMessage {
  return { id: `m${seq}`, t: 1, m: `Mensaje ${seq}`, tipo: 'TEXT', fc: '2026-11-25T19:31:00.000Z', seq, body: null, ...extra };
}

export const respuesta = (page: Partial<ConversationPage> & Pick<ConversationPage, 'msgs'>): ConversationPage => ({ hayMas: false, total: page.msgs.length, ...page });

/** A report asked for by the signed-in user (makeSession's login), unless `us` says otherwise. */
export function informe(id: string, extra: Partial<Report> = {}): Report {
  return { id, name: `Historial_${id}.xlsx`, fc: '2026-11-25T20:00:00.000Z', done: true, estado: 'hecho', progreso: 10, total: 10, idBot: 'b2', tipo: 'historial', error: null, tam: 2048, us: 'ana@quipu.test', ...extra };
}

export interface ServeOptions {
  clientes?: (page: number) => JsonBodyType | Promise<JsonBodyType>;
  sesiones?: HistoryChatSession[] | (() => Response);
  conversacion?: (idS: string, antes: number | null) => ConversationPage;
}

export interface Served {
  clientes: Call[];
  sesiones: Call[];
  conversacion: Call[];
}

export function serveHistorial({ clientes, sesiones = SESIONES, conversacion }: ServeOptions = {}): Served {
  record('get', '/bots', () => BOTS);
  return {
    clientes: record('post', '/session.clientes', ({ body }) => (clientes ?? (() => ({ content: [cliente(1)], totalPages: 1, totalElements: 1 })))((body as { page?: number }).page ?? 0)),
    sesiones: record('post', '/session', () => (typeof sesiones === 'function' ? sesiones() : sesiones)),
    conversacion: record('get', '/conversacion', ({ url }) =>
      (conversacion ?? (() => respuesta({ msgs: [mensaje(1)] })))(url.searchParams.get('idS')!, url.searchParams.has('antes') ? Number(url.searchParams.get('antes')) : null),
    ),
  };
}

export const notFound = () => HttpResponse.json({ message: 'No encontrado' }, { status: 404 });

export function sessionFor(rol: Rol, config: Partial<Session['config']> = {}): Session {
  const session = makeSession({ rol });
  return { ...session, config: { ...session.config, ...config } };
}

export function openHistorial(rol: Rol = 'ROLE_COMPANIA', config: Partial<Session['config']> = {}, path = '/historial') {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  return renderAdmin(path, sessionFor(rol, config));
}

/** The shown text of a date field (its sections), e.g. '25/11/2026'. */
export const dayShown = (label: string) => fieldOf(label).querySelector('input')!.value;

/** The form control of a date field: its sections, input and helper text. */
export const fieldOf = (label: string) => screen.getByRole('group', { name: label }).closest('.MuiFormControl-root') as HTMLElement;

/** Types DDMMYYYY into a date field's sections. */
export async function typeDay(label: string, ddmmyyyy: string) {
  const [day] = within(screen.getByRole('group', { name: label })).getAllByRole('spinbutton');
  await userEvent.click(day);
  await userEvent.keyboard(ddmmyyyy.replaceAll('/', ''));
}

export async function chooseBot(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Bot' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

export interface Saved {
  name: string;
  blob: Blob;
}

/** Catches the files the page saves (a link to an object URL, clicked). */
export function catchSaves(): Saved[] {
  const saved: Saved[] = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:prueba/${++n}`;
    blobs.set(url, blob as Blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return saved;
}

export const excel = (bytes = [0x50, 0x4b, 0x03, 0x04]) =>
  new HttpResponse(new Uint8Array(bytes), { headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
