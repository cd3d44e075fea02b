// The Conversación dialog: the client's sessions (DD/MM/YYYY HH:mm in Lima, the first chosen), the
// chosen one's messages drawn as the test chat draws them, the skill and score for bot editors
// only, older pages on demand, 'Exportar Excel' and 'Cerrar'.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager } from '@tanstack/react-query';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rol } from '../../../common/roles';
import type { ChatMessage } from '../../../common/schemas/chat';
import { record } from '../resources/support';
import { seriousViolations } from '../versions/axe';
import { catchSaves, chooseBot, excel, mensaje, notFound, openHistorial, respuesta, serveHistorial, type ServeOptions } from './support';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const body = (extra: Partial<ChatMessage>): ChatMessage => ({ id: 'x', type: 'TEXT', fc: '2026-11-25T19:31:00.000Z', ...extra });

const CONVERSACION = respuesta({
  msgs: [
    mensaje(1, { t: 1, m: 'Hola, quiero un plan' }),
    mensaje(2, {
      t: 0,
      m: 'Plan Básico',
      tipo: 'CARD',
      body: body({ type: 'CARD', title: 'Plan Básico', subtitle: 'S/ 20 al mes', buttons: [{ type: 'POSTBACK', title: 'Contratar', value: 'CONTRATAR' }] }),
      idSkill: 'k1',
      skill: 'Precios y planes',
      score: 0.873,
    }),
    mensaje(3, {
      t: 0,
      m: 'Uno, Dos',
      tipo: 'CAROUSEL',
      body: body({ type: 'CAROUSEL', carousel: [{ title: 'Uno', buttons: [{ type: 'POSTBACK', title: 'Elegir Uno', value: 'U' }] }, { title: 'Dos', buttons: [] }] }),
      idSkill: 'k1',
      skill: 'Precios y planes',
      score: 0.5,
    }),
  ],
});

/** Opens the history as `rol`, searches Ventas and opens Cliente 1's conversation. */
async function openConversation(rol: Rol, options: ServeOptions = {}) {
  const served = serveHistorial({ conversacion: () => CONVERSACION, ...options });
  const auditoria = record('post', '/auditoria', () => ({}));
  openHistorial(rol);
  await screen.findByRole('heading', { level: 1, name: 'Historial' });
  await chooseBot('Ventas');
  await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
  await userEvent.click(await screen.findByRole('button', { name: /Cliente 1/ }));
  const dialog = await screen.findByRole('dialog', { name: /Conversación/ });
  return { served, auditoria, dialog };
}

describe('Conversación', () => {
  it("pide las sesiones del cliente, las muestra DD/MM/YYYY HH:mm en Lima y abre la primera; no llama a /auditoria", async () => {
    const { served, auditoria, dialog } = await openConversation('ROLE_HISTORIAL');
    expect(within(dialog).getByRole('heading', { name: 'Sesiones' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Mensajes' })).toBeInTheDocument();
    const sesiones = within(within(dialog).getByRole('list', { name: 'Sesiones' })).getAllByRole('button');
    expect(sesiones.map((item) => item.textContent)).toEqual(['25/11/2026 14:30', '24/11/2026 09:00']);
    expect(served.sesiones[0].url.searchParams.get('idClt')).toBe('c1');
    expect(served.sesiones[0].body).toEqual({ idBot: 'b2', fd: '2026-11-25', fh: '2026-11-25', idClt: 'c1', idE: '3' });
    await waitFor(() => expect(served.conversacion).toHaveLength(1));
    expect(served.conversacion[0].url.searchParams.get('idS')).toBe('s1');
    expect(sesiones[0]).toHaveClass('Mui-selected');
    await userEvent.click(sesiones[1]);
    await waitFor(() => expect(served.conversacion.at(-1)?.url.searchParams.get('idS')).toBe('s2'));
    expect(auditoria).toHaveLength(0);
  });

  it('volver a la ventana no pide otra vez los mensajes (cada lectura se audita en el servidor)', async () => {
    const { served, dialog } = await openConversation('ROLE_HISTORIAL');
    await within(dialog).findByRole('list', { name: 'Mensajes' });
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(served.conversacion).toHaveLength(1);
    expect(served.sesiones).toHaveLength(1);
    focusManager.setFocused(undefined);
  });

  it('dibuja los mensajes del bot como el chat de prueba (tarjeta, botones, carrusel), no como JSON; sin skill ni puntaje para historial', async () => {
    const { dialog } = await openConversation('ROLE_HISTORIAL');
    const mensajes = await within(dialog).findByRole('list', { name: 'Mensajes' });
    const items = within(mensajes).getAllByRole('listitem', { hidden: false }).filter((item) => item.parentElement === mensajes);
    expect(items).toHaveLength(3);
    expect(items[0].querySelector('[data-lado]')).toHaveAttribute('data-lado', 'cliente');
    expect(items[0]).toHaveTextContent('Hola, quiero un plan');
    expect(items[1].querySelector('[data-lado]')).toHaveAttribute('data-lado', 'bot');
    expect(within(items[1]).getByText('Plan Básico')).toBeInTheDocument();
    expect(within(items[1]).getByText('S/ 20 al mes')).toBeInTheDocument();
    // The buttons are drawn but answer nothing here.
    expect(within(items[1]).getByRole('button', { name: 'Contratar' })).toBeDisabled();
    expect(within(items[2]).getByRole('list', { name: 'Carrusel' })).toBeInTheDocument();
    expect(within(items[2]).getByRole('button', { name: 'Elegir Uno' })).toBeDisabled();
    expect(mensajes).not.toHaveTextContent('"type"');
    expect(mensajes).not.toHaveTextContent('Precios y planes');
    expect(mensajes).not.toHaveTextContent('Puntaje');
  });

  it('muestra el skill que respondió y su puntaje a quien edita bots (compania)', async () => {
    const { dialog } = await openConversation('ROLE_COMPANIA');
    const mensajes = await within(dialog).findByRole('list', { name: 'Mensajes' });
    expect(mensajes).toHaveTextContent('Skill: Precios y planes · Puntaje: 0.87');
    expect(mensajes).toHaveTextContent('Skill: Precios y planes · Puntaje: 0.50');
  });

  it("una conversación larga (10.000 mensajes) abre en su página más nueva; 'Mensajes anteriores' trae la anterior sin mover al lector", async () => {
    const pagina = (hasta: number, cuantos: number) => Array.from({ length: cuantos }, (_, i) => mensaje(hasta - cuantos + 1 + i, { m: `Mensaje ${hasta - cuantos + 1 + i}` }));
    const { served, dialog } = await openConversation('ROLE_HISTORIAL', {
      conversacion: (_idS, antes) => (antes === null ? respuesta({ msgs: pagina(10_000, 200), hayMas: true, total: 10_000 }) : respuesta({ msgs: pagina(antes - 1, 200), hayMas: true, total: 10_000 })),
    });
    const mensajes = await within(dialog).findByRole('list', { name: 'Mensajes' });
    const rows = () => [...mensajes.children];
    expect(rows()).toHaveLength(200);
    expect(rows()[0]).toHaveTextContent('Mensaje 9801');
    expect(rows()[199]).toHaveTextContent('Mensaje 10000');
    // jsdom has no layout: each message stands 50 px high, and the reader is at the top.
    const region = within(dialog).getByRole('region', { name: 'Mensajes' });
    let top = 0;
    Object.defineProperty(region, 'scrollHeight', { configurable: true, get: () => mensajes.children.length * 50 });
    Object.defineProperty(region, 'scrollTop', { configurable: true, get: () => top, set: (value: number) => (top = value) });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mensajes anteriores' }));
    await waitFor(() => expect(rows()).toHaveLength(400));
    expect(served.conversacion.at(-1)?.url.searchParams.get('antes')).toBe('9801');
    expect(rows()[0]).toHaveTextContent('Mensaje 9601');
    expect(rows()[200]).toHaveTextContent('Mensaje 9801');
    // Still at the message that was on top: 200 older ones above it.
    expect(top).toBe(200 * 50);
  });

  it("'Exportar Excel' envía el cliente, el bot y los días, dice 'Generando... Por favor espere...' y guarda Sessions_c1.xlsx", async () => {
    const saved = catchSaves();
    let answer: (value: Response) => void = () => undefined;
    const exports = record('post', '/session/excel', () => new Promise<Response>((resolve) => (answer = resolve)));
    const { dialog } = await openConversation('ROLE_HISTORIAL');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Exportar Excel' }));
    expect(await within(dialog).findByText('Generando... Por favor espere...')).toBeInTheDocument();
    await waitFor(() => expect(exports).toHaveLength(1));
    expect(exports[0].body).toEqual({ idBot: 'b2', fd: '2026-11-25', fh: '2026-11-25', idClt: 'c1', idE: '3' });
    expect(exports[0].url.searchParams.get('idClt')).toBe('c1');
    answer(excel([0x50, 0x4b, 0x03, 0x04, 0x2a]));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('Sessions_c1.xlsx');
    expect(new Uint8Array(await saved[0].blob.arrayBuffer())).toEqual(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x2a]));
    expect(within(dialog).queryByText('Generando... Por favor espere...')).not.toBeInTheDocument();
  });

  it("si la exportación falla, quita 'Generando...' y muestra el mensaje del servidor", async () => {
    const saved = catchSaves();
    record('post', '/session/excel', () => HttpResponse.json({ message: 'No se pudo generar el archivo' }, { status: 500 }));
    const { dialog } = await openConversation('ROLE_HISTORIAL');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Exportar Excel' }));
    expect(await within(dialog).findByText('No se pudo generar el archivo')).toBeInTheDocument();
    expect(within(dialog).queryByText('Generando... Por favor espere...')).not.toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it("'Cerrar' olvida sesiones y mensajes: abrir otra vez los pide de nuevo", async () => {
    const { served, dialog } = await openConversation('ROLE_HISTORIAL');
    await within(dialog).findByRole('list', { name: 'Mensajes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: /Cliente 1/ }));
    await screen.findByRole('dialog', { name: /Conversación/ });
    await waitFor(() => expect(served.sesiones).toHaveLength(2));
    await waitFor(() => expect(served.conversacion).toHaveLength(2));
  });

  it("sin sesiones: 'No hay datos...'; un cliente de otra empresa (404): el mensaje del servidor", async () => {
    const { dialog } = await openConversation('ROLE_HISTORIAL', { sesiones: [] });
    expect(await within(dialog).findByText('No hay datos...')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    serveHistorial({ sesiones: notFound });
    await userEvent.click(screen.getByRole('button', { name: /Cliente 1/ }));
    expect(await within(await screen.findByRole('dialog', { name: /Conversación/ })).findByText('No encontrado')).toBeInTheDocument();
  });

  it('a 390 px el diálogo ocupa la pantalla', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    try {
      const { dialog } = await openConversation('ROLE_HISTORIAL');
      expect(dialog).toHaveClass('MuiDialog-paperFullScreen');
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
    }
  });

  it('axe no encuentra nada serio en el diálogo', async () => {
    const { dialog } = await openConversation('ROLE_COMPANIA');
    await within(dialog).findByRole('list', { name: 'Mensajes' });
    expect(await seriousViolations()).toEqual([]);
  }, 30_000);
});
