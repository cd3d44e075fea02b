// The dashboard: its default bot and days, its rules, the numbers it shows and the calls it makes.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seriousViolations } from '../versions/axe';
import { DATOS, SKILLS, TIMELINE_DIAS, TIMELINE_HORAS, dayShown, openDashboard, serveDashboard, tableRows, typeDay } from './support';

afterEach(() => vi.useRealTimers());

const tableNamed = (name: string) => screen.getByRole('table', { name });

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Dashboard', () => {
  it('abre en el primer bot desplegado y en los últimos 7 días de la empresa (America/Lima), con Sesiones y Días', async () => {
    const served = serveDashboard();
    openDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(served.datos).toHaveLength(1));
    // Asistente Quipu was never deployed: Ventas is the first deployed bot.
    expect(screen.getByRole('combobox', { name: 'Bot' })).toHaveTextContent('Ventas');
    expect(served.datos[0].body).toEqual({ idBot: 'b2', fd: '2026-11-19', fh: '2026-11-25', tipo: 'sesiones', tl: 'dias', idE: '3' });
    expect(dayShown('Desde')).toBe('19/11/2026');
    expect(dayShown('Hasta')).toBe('25/11/2026');
    expect(screen.getByRole('combobox', { name: 'Tipo' })).toHaveTextContent('Sesiones');
    expect(screen.getByRole('combobox', { name: 'Tiempo' })).toHaveTextContent('Días');
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: /QnA/ })).toBeNull();
  });

  it('muestra los totales por canal y en total, con el nombre de cada canal', async () => {
    serveDashboard();
    openDashboard();
    const total = await screen.findByRole('region', { name: 'Total' });
    expect(within(total).getByText('52')).toBeInTheDocument();
    expect(within(total).getByText('39')).toBeInTheDocument();
    expect(within(total).getByText('405')).toBeInTheDocument();
    const web = screen.getByRole('region', { name: 'Web' });
    expect(web).toHaveTextContent(/Sesiones\s*40\s*Clientes\s*30\s*Mensajes\s*310/);
    expect(screen.getByRole('region', { name: 'Telegram' })).toHaveTextContent(/Sesiones\s*12\s*Clientes\s*9\s*Mensajes\s*95/);
  });

  it("Clientes estimados se leen '≈', se dicen 'aproximadamente' y una nota dice cuánto pueden diferir; contados, sin '≈'", async () => {
    serveDashboard({ datos: { ...DATOS, totClts: 989_048, cltAprox: true } });
    openDashboard();
    const total = await screen.findByRole('region', { name: 'Total' });
    expect(total).toHaveTextContent(/Clientes\s*≈ aproximadamente 989,048/);
    // The sign is drawn, the word is read: a screen reader says 'aproximadamente', not the sign.
    expect(within(total).getByText('≈', { exact: false })).toHaveAttribute('aria-hidden', 'true');
    const note = screen.getByText(/su número es una estimación: puede diferir del exacto en alrededor de un 1 %/);
    const clientes = within(total).getByText('Clientes').nextElementSibling!;
    expect(clientes).toHaveAttribute('aria-describedby', note.id);
    expect(screen.getByRole('region', { name: 'Web' })).toHaveTextContent(/Clientes\s*≈ aproximadamente 30/);
    // Sessions and messages are counted, always.
    expect(total).toHaveTextContent(/Sesiones\s*52\s*Clientes/);
  });

  it("Clientes contados: sin '≈' ni nota", async () => {
    serveDashboard({ datos: { ...DATOS, cltAprox: false } });
    openDashboard();
    const total = await screen.findByRole('region', { name: 'Total' });
    expect(total).toHaveTextContent(/Clientes\s*39\s*Mensajes/);
    expect(screen.queryByText(/≈/)).toBeNull();
    expect(screen.queryByText(/estimación/)).toBeNull();
  });

  it('las tablas tienen los mismos números que las respuestas: línea de tiempo, top 10 de skills y canales', async () => {
    serveDashboard();
    openDashboard();
    await screen.findByRole('table', { name: 'Conversaciones en el tiempo' });
    expect(tableRows(tableNamed('Conversaciones en el tiempo'))).toEqual([
      ['Día', 'Sesiones', 'Mensajes'],
      // Monday first, as the calendar's weeks; the wire numbers Sunday 1 … Saturday 7.
      ...[['Lun', 2], ['Mar', 3], ['Mié', 4], ['Jue', 5], ['Vie', 6], ['Sáb', 7], ['Dom', 1]].map(([dia, n]) => [dia, String(TIMELINE_DIAS[+n - 1].ses), String(TIMELINE_DIAS[+n - 1].msg)]),
    ]);
    const skills = tableRows(await screen.findByRole('table', { name: 'Skills más usados' }));
    expect(skills).toEqual([['Skill', 'Respuestas'], ...SKILLS.slice(0, 10).map((s) => [s.nm, String(s.n)])]);
    expect(tableRows(tableNamed('Canales'))).toEqual([
      ['Canal', 'Sesiones'],
      ['Web', '40'],
      ['Telegram', '12'],
    ]);
  });

  it('Tipo y Tiempo cambian lo que se pide y los números de la tabla', async () => {
    const served = serveDashboard();
    openDashboard();
    await screen.findByRole('table', { name: 'Conversaciones en el tiempo' });
    await choose('Tipo', 'Clientes');
    await waitFor(() => expect(served.timeline.at(-1)?.body).toMatchObject({ tipo: 'clientes', tl: 'dias' }));
    await waitFor(() => expect(tableRows(tableNamed('Conversaciones en el tiempo'))[0]).toEqual(['Día', 'Clientes', 'Mensajes']));
    expect(tableRows(tableNamed('Conversaciones en el tiempo'))[1]).toEqual(['Lun', String(TIMELINE_DIAS[1].clt), String(TIMELINE_DIAS[1].msg)]);
    expect(tableRows(tableNamed('Canales'))).toEqual([['Canal', 'Clientes'], ['Web', '30'], ['Telegram', '9']]);

    await choose('Tiempo', 'Horas');
    await waitFor(() => expect(served.timeline.at(-1)?.body).toMatchObject({ tipo: 'clientes', tl: 'horas', idBot: 'b2' }));
    await waitFor(() => expect(tableRows(tableNamed('Conversaciones en el tiempo'))).toHaveLength(25));
    const rows = tableRows(tableNamed('Conversaciones en el tiempo'));
    expect(rows[0]).toEqual(['Hora', 'Clientes (suma diaria)', 'Mensajes']);
    expect(rows[1]).toEqual(['0 h', '0', '0']);
    expect(rows[24]).toEqual(['23 h', String(TIMELINE_HORAS[23].clt), String(TIMELINE_HORAS[23].msg)]);
    // The totals do not depend on Tipo or Tiempo: asked once.
    expect(served.datos).toHaveLength(1);
  });

  it("más de 90 días: 'Intervalo de fechas no puede ser mayor a 3 meses' una vez, en el campo; no se pide nada y la fecha elegida queda", async () => {
    const served = serveDashboard();
    openDashboard();
    await screen.findByRole('region', { name: 'Total' });
    await typeDay('Desde', '01/01/2026');
    const texto = 'Intervalo de fechas no puede ser mayor a 3 meses';
    await waitFor(() => expect(screen.getAllByText(texto)).toHaveLength(1));
    expect(screen.getByRole('group', { name: 'Desde' }).closest('.MuiFormControl-root')).toHaveTextContent(texto);
    expect(dayShown('Desde')).toBe('01/01/2026');
    expect(screen.queryByRole('region', { name: 'Total' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(served.datos.map((call) => (call.body as { fd: string }).fd)).toEqual(['2026-11-19']);
    // 91 days is still too many; 90 days, 28/08 to 25/11, are allowed.
    await typeDay('Desde', '27/08/2026');
    expect(screen.getByRole('group', { name: 'Desde' }).closest('.MuiFormControl-root')).toHaveTextContent(texto);
    await typeDay('Desde', '28/08/2026');
    await waitFor(() => expect(served.datos.at(-1)?.body).toMatchObject({ fd: '2026-08-28', fh: '2026-11-25' }));
    expect(screen.queryByText(texto, { selector: 'p' })).toBeNull();
  });

  it("Hasta antes de Desde: 'La fecha hasta debe ser mayor a la fecha desde' bajo Hasta", async () => {
    const served = serveDashboard();
    openDashboard();
    await screen.findByRole('region', { name: 'Total' });
    const before = served.datos.length;
    await typeDay('Hasta', '10/11/2026');
    const texto = 'La fecha hasta debe ser mayor a la fecha desde';
    await waitFor(() => expect(screen.getByRole('group', { name: 'Hasta' }).closest('.MuiFormControl-root')).toHaveTextContent(texto));
    expect(screen.getAllByText(texto)).toHaveLength(1);
    expect(dayShown('Hasta')).toBe('10/11/2026');
    expect(served.datos).toHaveLength(before);
  });

  it("sin bot: 'Seleccione un bot', sin pedir datos", async () => {
    const served = serveDashboard();
    openDashboard();
    await screen.findByRole('region', { name: 'Total' });
    await choose('Bot', 'Seleccione un bot');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Bot' }).closest('.MuiFormControl-root')).toHaveTextContent(/Seleccione un bot.*Seleccione un bot/));
    expect(screen.queryByRole('region', { name: 'Total' })).toBeNull();
    expect(served.datos).toHaveLength(1);
    await choose('Bot', 'Soporte');
    await waitFor(() => expect(served.datos.at(-1)?.body).toMatchObject({ idBot: 'b3' }));
  });

  it("sin conversaciones en el rango: 'No hubo conversaciones en el rango elegido.' y ningún gráfico", async () => {
    serveDashboard({ datos: { canales: [], totSessions: 0, totClts: 0, msmTot: 0 } });
    openDashboard();
    expect(await screen.findByText('No hubo conversaciones en el rango elegido.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("los gráficos llegan en su propio módulo, con nombre accesible; 'Ver como tabla' muestra sus números", async () => {
    serveDashboard();
    openDashboard();
    expect(await screen.findByRole('img', { name: 'Gráfico de área: sesiones y mensajes por día de la semana' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Gráfico circular: respuestas de los 10 skills más usados' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Gráfico circular: sesiones por canal' })).toBeInTheDocument();
    const [toggle] = screen.getAllByRole('button', { name: 'Ver como tabla' });
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Ver como gráfico' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('img', { name: /Gráfico de área/ })).toBeNull();
    expect(tableNamed('Conversaciones en el tiempo')).toBeVisible();
  });

  it('sin los detalles en la sesión no pide /dashboard/depts ni /dashboard/bots, ni muestra Departamentos y Bots', async () => {
    const served = serveDashboard();
    openDashboard();
    await screen.findByRole('region', { name: 'Total' });
    await waitFor(() => expect(served.skill).toHaveLength(1));
    await screen.findByRole('img', { name: /Gráfico de área/ });
    expect(served.depts).toEqual([]);
    expect(served.botsDetalle).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Departamentos' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bots' })).toBeNull();
  });

  it('Departamentos y Bots no aparecen si el servidor responde 404 aunque la sesión los ofrezca', async () => {
    const served = serveDashboard();
    openDashboard('ROLE_COMPANIA', '/dashboard', { detalles: true });
    await screen.findByRole('region', { name: 'Total' });
    await waitFor(() => expect(served.depts.length + served.botsDetalle.length).toBe(2));
    expect(screen.queryByRole('button', { name: 'Departamentos' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bots' })).toBeNull();
  });

  it('Departamentos y Bots se despliegan con sus números cuando la sesión y el servidor los tienen', async () => {
    serveDashboard({ detalles: true });
    openDashboard('ROLE_COMPANIA', '/dashboard', { detalles: true });
    const depts = await screen.findByRole('button', { name: 'Departamentos' });
    expect(depts).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(depts);
    expect(depts).toHaveAttribute('aria-expanded', 'true');
    expect(tableRows(screen.getByRole('table', { name: 'Departamentos' }))).toEqual([
      ['Departamento', 'Sesiones', 'Clientes'],
      ['Web ventas', '30', '20'],
      ['Telegram soporte', '22', '19'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Bots' }));
    expect(tableRows(screen.getByRole('table', { name: 'Bots' }))).toEqual([['Bot', 'Sesiones', 'Clientes'], ['Ventas', '52', '39']]);
  });

  it('axe no encuentra violaciones graves ni críticas', async () => {
    serveDashboard({ detalles: true });
    openDashboard('ROLE_COMPANIA', '/dashboard', { detalles: true });
    await screen.findByRole('img', { name: /Gráfico de área/ });
    await screen.findByRole('button', { name: 'Departamentos' });
    expect(await seriousViolations()).toEqual([]);
  });

  it('sin bot desplegado abre en el primero de la lista', async () => {
    const served = serveDashboard();
    const { record } = await import('../resources/support');
    record('get', '/bots', () => [{ id: 'b7', nm: 'Nuevo', version: 0 }, { id: 'b8', nm: 'Otro', version: 0 }]);
    openDashboard('ROLE_DASHBOARD');
    await waitFor(() => expect(served.datos[0]?.body).toMatchObject({ idBot: 'b7' }));
    expect(screen.getByRole('combobox', { name: 'Bot' })).toHaveTextContent('Nuevo');
  });

  it('si la lista de bots falla, lo dice con el mensaje del servidor y no pide datos', async () => {
    const served = serveDashboard();
    const { HttpResponse } = await import('msw');
    const { record } = await import('../resources/support');
    record('get', '/bots', () => HttpResponse.json({ message: 'No autorizado' }, { status: 403 }));
    openDashboard('ROLE_DASHBOARD');
    expect(await screen.findByText('No se pudo consultar la lista de bots: No autorizado')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Bot' })).toHaveTextContent('Seleccione un bot');
    expect(served.datos).toHaveLength(0);
  });

  it('un error de los datos se muestra como alerta con el mensaje del servidor', async () => {
    serveDashboard({ datos: DATOS });
    const { HttpResponse } = await import('msw');
    const { record } = await import('../resources/support');
    record('post', '/dashboard/datos', () => HttpResponse.json({ message: 'Bot no encontrado' }, { status: 404 }));
    openDashboard();
    expect(await screen.findByText('Bot no encontrado')).toBeInTheDocument();
  });
});
