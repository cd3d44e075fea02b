// The history page: its filters and their defaults, its rules (told once, under the field, the list
// emptied, the choices kept), the cards and their pages, the manual's link.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpResponse, type JsonBodyType } from 'msw';
import { HISTORY_TEXTS } from '../../../common/schemas/historial';
import { record } from '../resources/support';
import { seriousViolations } from '../versions/axe';
import { chooseBot, cliente, dayShown, fieldOf, openHistorial, serveHistorial, typeDay } from './support';

afterEach(() => vi.useRealTimers());

const buscar = () => userEvent.click(screen.getByRole('button', { name: 'Buscar' }));

describe('Historial', () => {
  it("muestra los filtros (Bot con 'Seleccione', Desde y Hasta hoy en Lima, Nombre) y los botones", async () => {
    serveHistorial();
    openHistorial();
    expect(await screen.findByRole('heading', { level: 1, name: 'Historial' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Bot' })).toHaveTextContent('Seleccione');
    await userEvent.click(screen.getByRole('combobox', { name: 'Bot' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Seleccione', 'Asistente Quipu', 'Ventas']);
    await userEvent.keyboard('{Escape}');
    // 03:00 UTC on the 26th is still the 25th in Lima.
    expect(dayShown('Desde')).toBe('25/11/2026');
    expect(dayShown('Hasta')).toBe('25/11/2026');
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveValue('');
    for (const name of ['Buscar', 'Generar informe', 'Ver Informes']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    // No manual configured: no link.
    expect(screen.queryByRole('link', { name: 'Manual de usuario' })).not.toBeInTheDocument();
  });

  it.each(['ROLE_ADMIN', 'ROLE_COMPANIA', 'ROLE_HISTORIAL'] as const)('%s abre el historial', async (rol) => {
    serveHistorial();
    openHistorial(rol);
    expect(await screen.findByRole('heading', { level: 1, name: 'Historial' })).toBeInTheDocument();
  });

  it.each(['ROLE_ADMINUSER', 'ROLE_USER', 'ROLE_DASHBOARD', 'ROLE_SUPERVISOR'] as const)("%s (sin permiso de historial) ve 'Sin acceso'", async (rol) => {
    serveHistorial();
    openHistorial(rol);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sin acceso' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buscar' })).not.toBeInTheDocument();
  });

  it('el enlace al manual aparece cuando la sesión trae su dirección', async () => {
    serveHistorial();
    openHistorial('ROLE_HISTORIAL', { manualUrl: 'https://manual.quipu.test/historial' });
    const link = await screen.findByRole('link', { name: 'Manual de usuario' });
    expect(link).toHaveAttribute('href', 'https://manual.quipu.test/historial');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('si el servidor no da la lista de bots, lo dice y la página sigue en pie', async () => {
    serveHistorial();
    record('get', '/bots', () => HttpResponse.json({ message: 'No tiene permiso' }, { status: 403 }));
    openHistorial('ROLE_HISTORIAL');
    expect(await screen.findByText('No se pudo leer la lista de bots de la empresa. (No tiene permiso)')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Bot' })).toHaveTextContent('Seleccione');
    expect(screen.getByRole('button', { name: 'Ver Informes' })).toBeEnabled();
  });

  it("Buscar sin bot: 'seleccione un bot' una vez, en el campo; nada se pide", async () => {
    const served = serveHistorial();
    openHistorial();
    await screen.findByRole('heading', { level: 1, name: 'Historial' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Ana');
    await buscar();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Bot' }).closest('.MuiFormControl-root')).toHaveTextContent(HISTORY_TEXTS.seleccioneBot));
    expect(screen.getAllByText(HISTORY_TEXTS.seleccioneBot)).toHaveLength(1);
    expect(served.clientes).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Ana');
  });

  it('busca con el bot, los días y el nombre, y muestra cada cliente como tarjeta', async () => {
    const served = serveHistorial({
      clientes: () => ({ content: [cliente(1), cliente(2, { nm: null, red: 2, sesiones: 1, ultimo: '2026-11-25T04:59:00.000Z' })], totalPages: 1, totalElements: 2 }),
    });
    openHistorial();
    await screen.findByRole('heading', { level: 1, name: 'Historial' });
    await chooseBot('Ventas');
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre' }), '  Ana ');
    await buscar();
    await waitFor(() => expect(served.clientes).toHaveLength(1));
    expect(served.clientes[0].body).toEqual({ idBot: 'b2', fd: '2026-11-25', fh: '2026-11-25', name: 'Ana', pageSize: 20, idE: '3', page: 0 });
    const cards = within(await screen.findByRole('region', { name: 'Clientes' })).getAllByRole('button');
    // 20:05 UTC is 15:05 in Lima; 04:59 UTC on the 25th is 23:59 on the 24th there.
    expect(cards[0]).toHaveTextContent('Cliente 1Web25/11/2026 15:052 sesiones');
    expect(cards[1]).toHaveTextContent('Sin nombreTelegram24/11/2026 23:591 sesión');
  });

  it("sin clientes: 'No hay datos...'; mientras llegan: 'Cargando...'", async () => {
    let answer: (value: JsonBodyType) => void = () => undefined;
    serveHistorial({ clientes: () => new Promise<JsonBodyType>((resolve) => (answer = resolve)) });
    openHistorial();
    await screen.findByRole('heading', { level: 1, name: 'Historial' });
    await chooseBot('Ventas');
    await buscar();
    expect(await screen.findByText('Cargando...')).toBeInTheDocument();
    answer({ content: [], totalPages: 0, totalElements: 0 });
    expect(await screen.findByText('No hay datos...')).toBeInTheDocument();
  });

  it('pagina en el servidor: 20 por página, con el total; la página 2 pide page 1', async () => {
    const served = serveHistorial({
      clientes: (page) => ({ content: Array.from({ length: page === 0 ? 20 : 5 }, (_, i) => cliente(page * 20 + i + 1)), totalPages: 2, totalElements: 25 }),
    });
    openHistorial();
    await screen.findByRole('heading', { level: 1, name: 'Historial' });
    await chooseBot('Ventas');
    await buscar();
    const region = await screen.findByRole('region', { name: 'Clientes' });
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(20));
    expect(screen.getByText('1–20 de 25')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    await waitFor(() => expect(served.clientes).toHaveLength(2));
    expect(served.clientes[1].body).toMatchObject({ idBot: 'b2', page: 1, pageSize: 20 });
    expect(await screen.findByText('21–25 de 25')).toBeInTheDocument();
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(5));
    expect(within(region).getAllByRole('button', { name: /Cliente/ })[0]).toHaveTextContent('Cliente 21');
  });

  it("sin la cuenta, dice 'de más de' lo que el servidor sabe, sin ir a una última página; con la cuenta, el número", async () => {
    const served = serveHistorial({
      clientes: (page) => (page === 0
        ? { content: Array.from({ length: 20 }, (_, i) => cliente(i + 1)), totalPages: 5, totalElements: 100, totalExact: false }
        : { content: Array.from({ length: 20 }, (_, i) => cliente(20 + i + 1)), totalPages: 14, totalElements: 266, totalExact: true }),
    });
    openHistorial();
    await screen.findByRole('heading', { level: 1, name: 'Historial' });
    await chooseBot('Ventas');
    await buscar();
    expect(await screen.findByText('1–20 de más de 100')).toBeInTheDocument();
    expect(screen.queryByText('1–20 de 100')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ir a la última página' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    await waitFor(() => expect(served.clientes).toHaveLength(2));
    expect(await screen.findByText('21–40 de 266')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ir a la última página' })).toBeEnabled();
  });

  it("Hasta antes de Desde: 'La fecha hasta debe ser mayor a la fecha desde' bajo Hasta; la lista se vacía y las fechas quedan", async () => {
    const served = serveHistorial();
    openHistorial();
    await screen.findByRole('heading', { level: 1, name: 'Historial' });
    await chooseBot('Ventas');
    await buscar();
    expect(await screen.findByText('Cliente 1')).toBeInTheDocument();
    await typeDay('Hasta', '20/11/2026');
    await waitFor(() => expect(fieldOf('Hasta')).toHaveTextContent(HISTORY_TEXTS.hastaMayor));
    expect(screen.getAllByText(HISTORY_TEXTS.hastaMayor)).toHaveLength(1);
    expect(fieldOf('Desde')).not.toHaveTextContent(HISTORY_TEXTS.desdeMenor);
    expect(screen.queryByText('Cliente 1')).not.toBeInTheDocument();
    expect(dayShown('Hasta')).toBe('20/11/2026');
    expect(screen.getByRole('combobox', { name: 'Bot' })).toHaveTextContent('Ventas');
    // Buscar again tells the same and asks nothing.
    await buscar();
    expect(served.clientes).toHaveLength(1);
    expect(fieldOf('Hasta')).toHaveTextContent(HISTORY_TEXTS.hastaMayor);
  });

  it("Desde después de Hasta: 'La fecha desde debe ser menor a la fecha hasta' bajo Desde; mendado, busca", async () => {
    const served = serveHistorial();
    openHistorial();
    await screen.findByRole('heading', { level: 1, name: 'Historial' });
    await chooseBot('Ventas');
    await typeDay('Desde', '30/11/2026');
    await waitFor(() => expect(fieldOf('Desde')).toHaveTextContent(HISTORY_TEXTS.desdeMenor));
    expect(screen.getAllByText(HISTORY_TEXTS.desdeMenor)).toHaveLength(1);
    expect(fieldOf('Hasta')).not.toHaveTextContent(HISTORY_TEXTS.hastaMayor);
    await buscar();
    expect(served.clientes).toHaveLength(0);
    await typeDay('Desde', '01/11/2026');
    await waitFor(() => expect(fieldOf('Desde')).not.toHaveTextContent(HISTORY_TEXTS.desdeMenor));
    await buscar();
    await waitFor(() => expect(served.clientes).toHaveLength(1));
    expect(served.clientes[0].body).toMatchObject({ fd: '2026-11-01', fh: '2026-11-25' });
  });

  it('con el bot aún sin elegir, mover Hasta antes de Desde dice lo de las fechas, y ambos errores quedan en sus campos', async () => {
    serveHistorial();
    openHistorial();
    await screen.findByRole('heading', { level: 1, name: 'Historial' });
    await buscar();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Bot' }).closest('.MuiFormControl-root')).toHaveTextContent(HISTORY_TEXTS.seleccioneBot));
    await typeDay('Hasta', '20/11/2026');
    await waitFor(() => expect(fieldOf('Hasta')).toHaveTextContent(HISTORY_TEXTS.hastaMayor));
    expect(screen.getByRole('combobox', { name: 'Bot' }).closest('.MuiFormControl-root')).toHaveTextContent(HISTORY_TEXTS.seleccioneBot);
  });

  it('Enter en Nombre busca, y el teclado abre una tarjeta (Enter y Espacio)', async () => {
    const served = serveHistorial();
    openHistorial('ROLE_HISTORIAL');
    await screen.findByRole('heading', { level: 1, name: 'Historial' });
    await chooseBot('Ventas');
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Cliente{Enter}');
    await waitFor(() => expect(served.clientes).toHaveLength(1));
    const card = await screen.findByRole('button', { name: /Cliente 1/ });
    card.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: /Conversación/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    card.focus();
    await userEvent.keyboard(' ');
    expect(await screen.findByRole('dialog', { name: /Conversación/ })).toBeInTheDocument();
  });

  it('las tarjetas van en una rejilla que cabe en un teléfono de 390 px (una columna, sin desplazamiento lateral)', async () => {
    serveHistorial();
    openHistorial();
    await screen.findByRole('heading', { level: 1, name: 'Historial' });
    await chooseBot('Ventas');
    await buscar();
    const region = await screen.findByRole('region', { name: 'Clientes' });
    const grid = within(region).getByRole('list');
    // Columns at least 240 px wide unless the screen is narrower: below 480 px, one column as wide as the screen.
    expect(getComputedStyle(grid).gridTemplateColumns).toBe('repeat(auto-fill, minmax(min(100%, 240px), 1fr))');
  });

  it('axe no encuentra nada serio en la página con resultados', async () => {
    serveHistorial({ clientes: () => ({ content: [cliente(1), cliente(2)], totalPages: 1, totalElements: 2 }) });
    openHistorial();
    await screen.findByRole('heading', { level: 1, name: 'Historial' });
    await chooseBot('Ventas');
    await buscar();
    await screen.findByText('Cliente 2');
    expect(await seriousViolations()).toEqual([]);
  }, 30_000);
});
