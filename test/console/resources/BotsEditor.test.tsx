// Bot editor (/bot/{id}, /bot/new): the General tab's
// rules and messages, encrypted extras, the tabs each role gets, unsaved changes, save and delete.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bot } from '../../../src/api/bots';
import { skill } from '../skills/skillSupport';
import { bot, compania, skills, usuarioBots } from './botSupport';
import { page, record, renderAdmin, type Call } from './support';
import type { Session } from '../../../common/sessionTypes';

function openBot(data: Bot, session: Session = compania) {
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

const field = (name: string) => screen.getByRole('textbox', { name });
const guardar = () => userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
// One paste instead of a key at a time: this form is large, and every key re-renders it.
async function write(element: HTMLElement, text: string) {
  await userEvent.click(element);
  await userEvent.paste(text);
}
const lastBody = (calls: Call[]) => calls[calls.length - 1].body as Record<string, unknown>;
type Section = 'Parámetros' | 'QnA' | 'Extras';
const section = (name: Section) => screen.getByRole('button', { name: new RegExp(`^${name} ·`) });
/** Parameters, QnA settings and extras start closed: open one before using its fields. */
async function open(...names: Section[]) {
  for (const name of names) await userEvent.click(await screen.findByRole('button', { name: new RegExp(`^${name} ·`) }));
}

afterEach(() => vi.restoreAllMocks());

describe('Editor de bot: General', () => {
  it("sin nombre muestra 'Campo requerido' y no guarda", async () => {
    const { saves } = openBot(bot('b1'));
    await userEvent.clear(await screen.findByRole('textbox', { name: 'Nombre' }));
    await guardar();
    expect(await screen.findByText('Campo requerido')).toBeInTheDocument();
    expect(field('Nombre')).toHaveAccessibleDescription('Campo requerido');
    expect(saves).toHaveLength(0);
  });

  it("con 'Bot principal' exige 'Mínimo 1 intento' e 'Ingrese Mensaje' en ambos mensajes; sin él, no", async () => {
    const { saves } = openBot(bot('b1', { params: { maxAttempt: 0, msgAttempt: '', invalidOption: '  ' } }));
    await screen.findByDisplayValue('Bot b1');
    await guardar();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(screen.queryByText('Mínimo 1 intento')).not.toBeInTheDocument();

    await open('Parámetros');
    await userEvent.click(screen.getByRole('switch', { name: 'Bot principal' }));
    await guardar();
    expect(await screen.findByText('Mínimo 1 intento')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Máximo de intentos' })).toHaveAccessibleDescription('Mínimo 1 intento');
    expect(field('Mensaje de intentos excedidos')).toHaveAccessibleDescription('Ingrese Mensaje');
    expect(field('Mensaje de opción no válida')).toHaveAccessibleDescription('Ingrese Mensaje');
    expect(saves).toHaveLength(1);
  });

  it('muestra el cron de QnA en español, o la pista "cron no válido"', async () => {
    openBot(bot('b1'));
    await open('QnA');
    const cron = await screen.findByRole('textbox', { name: 'Programación de la importación (cron)' });
    fireEvent.change(cron, { target: { value: '0 */5 * * * *' } });
    expect(await screen.findByText('Cada 5 minutos')).toBeInTheDocument();
    fireEvent.change(cron, { target: { value: '0 30 8 * * 1-5' } });
    expect(await screen.findByText('A las 08:30, de lunes a viernes')).toBeInTheDocument();
    fireEvent.change(cron, { target: { value: 'todos los días' } });
    expect(await screen.findByText('cron no válido')).toBeInTheDocument();
    expect(cron).toHaveAccessibleDescription('cron no válido');
  });

  it("los parámetros que nombran un skill eligen entre los skills del bot (GET /skills?idBot)", async () => {
    openBot(bot('b1'));
    await open('Parámetros');
    const picker = await screen.findByRole('combobox', { name: 'Skill de menú' });
    await userEvent.click(picker);
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Ninguno', 'Saludo', 'Ingreso', 'No entendí']);
    await userEvent.click(screen.getByRole('option', { name: 'No entendí' }));
    expect(screen.getByRole('combobox', { name: 'Skill de inicio de sesión' })).toHaveTextContent('Ingreso');
  });

  it("los extras piden clave y valor ('Campo requerido')", async () => {
    const { saves } = openBot(bot('b1', { extras: [] }));
    await open('Extras');
    const extras = screen.getByRole('heading', { name: 'PARÁMETROS EXTRA' }).parentElement!;
    await userEvent.click(within(extras).getByRole('button', { name: 'Agregar' }));
    await guardar();
    expect(await screen.findAllByText('Campo requerido')).toHaveLength(2);
    expect(saves).toHaveLength(0);
  });

  it("guarda con POST /bot lo escrito, con su rev, y dice 'Guardado con éxito' sin salir del editor", async () => {
    const { saves } = openBot(bot('b1'));
    await userEvent.clear(await screen.findByRole('textbox', { name: 'Descripción' }));
    await write(field('Descripción'), 'Atiende cobranzas');
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Tiempo de sesión (minutos)' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Tiempo de sesión (minutos)' }), '45');
    await guardar();
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(lastBody(saves)).toMatchObject({
      id: 'b1',
      nm: 'Bot b1',
      dsc: 'Atiende cobranzas',
      tsession: 45,
      timeout: 15,
      rev: 4,
      params: { maxAttempt: 3, msgAttempt: 'Intentos excedidos', invalidOption: 'Opción no válida', loginsk: 's2' },
      extras: [{ key: 'canal', val: 'web' }],
      extrasEnc: [],
      diagram: { nodes: [{ id: 's1', x: 0, y: 0 }], edges: [] },
    });
    expect(window.location.pathname).toBe('/bot/b1');
  });

  it('un 409 (otra persona guardó antes) muestra el mensaje del servidor y conserva lo escrito', async () => {
    openBot(bot('b1'));
    const stale = 'Otra persona modificó este bot. Recargue la página para ver sus cambios antes de guardar.';
    record('post', '/bot', () => HttpResponse.json({ message: stale }, { status: 409 }));
    await open('Parámetros');
    await write(await screen.findByRole('textbox', { name: 'URL base remota' }), 'https://remoto.demo.test');
    await guardar();
    expect(await screen.findByText(stale)).toBeInTheDocument();
    expect(field('URL base remota')).toHaveValue('https://remoto.demo.test');
  });

  it('un 400 muestra el mensaje del servidor y conserva lo escrito', async () => {
    openBot(bot('b1'));
    record('post', '/bot', () => HttpResponse.json({ message: 'Los parámetros extra necesitan clave y valor' }, { status: 400 }));
    await open('Parámetros');
    await write(await screen.findByRole('textbox', { name: 'Mensaje de sesión expirada' }), 'Su sesión terminó');
    await guardar();
    expect(await screen.findByText('Los parámetros extra necesitan clave y valor')).toBeInTheDocument();
    expect(field('Mensaje de sesión expirada')).toHaveValue('Su sesión terminó');
  });
});

describe('Editor de bot: secciones plegables de General', () => {
  it('Parámetros, QnA y Extras empiezan cerrados y su título resume sus valores', async () => {
    openBot(bot('b1', { extras: [{ key: 'canal', val: 'web' }, { key: 'zona', val: 'Lima' }], extrasEnc: [{ key: 'apiKey', set: true }] }));
    await screen.findByDisplayValue('Bot b1');
    expect(section('Parámetros')).toHaveAccessibleName('Parámetros · 3 intentos · mensaje de opción no válida definido');
    expect(section('QnA')).toHaveAccessibleName('QnA · desactivado');
    expect(section('Extras')).toHaveAccessibleName('Extras · 2 valores, 1 cifrado');
    for (const name of ['Parámetros', 'QnA', 'Extras'] as const) expect(section(name)).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'URL base' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'QnA activo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agregar parámetro encriptado' })).not.toBeInTheDocument();
  });

  it('abrir una sección muestra sus campos, y su resumen sigue lo que se escribe', async () => {
    openBot(bot('b1'));
    await screen.findByDisplayValue('Bot b1');
    await userEvent.click(section('Parámetros'));
    expect(section('Parámetros')).toHaveAttribute('aria-expanded', 'true');
    expect(field('URL base')).toHaveValue('https://api.demo.test');
    await userEvent.click(screen.getByRole('switch', { name: 'Bot principal' }));
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Máximo de intentos' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Máximo de intentos' }), '1');
    await userEvent.clear(field('Mensaje de opción no válida'));
    expect(section('Parámetros')).toHaveAccessibleName('Parámetros · bot principal · 1 intento · sin mensaje de opción no válida');
    await userEvent.click(section('QnA'));
    await userEvent.click(screen.getByRole('switch', { name: 'QnA activo' }));
    expect(section('QnA')).toHaveAccessibleName('QnA · activo');
  });

  it('cerrar una sección conserva lo escrito y lo guarda', async () => {
    const { saves } = openBot(bot('b1'));
    await screen.findByDisplayValue('Bot b1');
    await userEvent.click(section('Parámetros'));
    await write(field('URL base remota'), 'https://remoto.demo.test');
    await userEvent.click(section('Parámetros'));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'URL base remota' })).not.toBeInTheDocument());
    await guardar();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(lastBody(saves)).toMatchObject({ baseUrlRemoto: 'https://remoto.demo.test' });
  });

  it('al guardar, un campo inválido dentro de una sección cerrada la abre y marca su título', async () => {
    const { saves } = openBot(bot('b1', { main: true, params: { maxAttempt: 0, msgAttempt: 'Intentos excedidos', invalidOption: 'Opción no válida' } }));
    await screen.findByDisplayValue('Bot b1');
    expect(section('Parámetros')).toHaveAttribute('aria-expanded', 'false');
    await guardar();
    await waitFor(() => expect(section('Parámetros')).toHaveAttribute('aria-expanded', 'true'));
    expect(screen.getByRole('spinbutton', { name: 'Máximo de intentos' })).toHaveAccessibleDescription('Mínimo 1 intento');
    expect(within(section('Parámetros')).getByTitle('Esta sección tiene campos por corregir')).toBeInTheDocument();
    expect(section('QnA')).toHaveAttribute('aria-expanded', 'false');
    expect(saves).toHaveLength(0);
  });
});

describe('Editor de bot: parámetros encriptados', () => {
  const withSecrets = () => bot('b1', { extrasEnc: [{ key: 'apiKey', set: true }, { key: 'sftp', set: false, retype: true }] });

  it("nunca muestran un valor: 'Valor guardado', 'Debe ingresar el valor nuevamente' y 'Reemplazar valor' abre un campo vacío", async () => {
    openBot(withSecrets());
    await open('Extras');
    const rows = await screen.findAllByTestId('extra-encriptado');
    expect(within(rows[0]).getByDisplayValue('apiKey')).toHaveAttribute('readonly');
    expect(within(rows[0]).getByText('Valor guardado')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Debe ingresar el valor nuevamente')).toBeInTheDocument();
    expect(within(rows[0]).queryByLabelText(/Valor nuevo/)).not.toBeInTheDocument();
    await userEvent.click(within(rows[0]).getByRole('button', { name: 'Reemplazar valor' }));
    const secret = within(rows[0]).getByLabelText(/Valor nuevo/);
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveValue('');
    expect(within(rows[1]).getByLabelText(/Valor nuevo/)).toHaveValue('');
  });

  it('envía la clave sin valor para conservarlo, y el valor nuevo solo si se escribió', async () => {
    const { saves } = openBot(withSecrets());
    const rows = await screen.findAllByTestId('extra-encriptado');
    // The refused save opens Extras, where the missing value is.
    await guardar();
    expect(await screen.findByText('Campo requerido')).toBeInTheDocument();
    expect(saves).toHaveLength(0);

    await write(within(rows[1]).getByLabelText(/Valor nuevo/), 'clave-sftp');
    await guardar();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(lastBody(saves).extrasEnc).toEqual([{ key: 'apiKey' }, { key: 'sftp', val: 'clave-sftp' }]);

    // The answer stores both; the form now holds the saved bot, where neither value shows.
    await screen.findByText('Guardado con éxito');
    await waitFor(() => expect(screen.getAllByText('Valor guardado')).toHaveLength(2));
    expect(screen.queryByLabelText(/Valor nuevo/)).not.toBeInTheDocument();
    const [apiKey] = screen.getAllByTestId('extra-encriptado');
    await userEvent.click(within(apiKey).getByRole('button', { name: 'Reemplazar valor' }));
    await write(within(apiKey).getByLabelText(/Valor nuevo/), 'otra-clave');
    await guardar();
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(lastBody(saves).extrasEnc).toEqual([{ key: 'apiKey', val: 'otra-clave' }, { key: 'sftp' }]);
  });

  it('una fila nueva pide clave y valor', async () => {
    const { saves } = openBot(bot('b1'));
    await open('Extras');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar parámetro encriptado' }));
    const [row] = screen.getAllByTestId('extra-encriptado');
    await guardar();
    expect(await within(row).findAllByText('Campo requerido')).toHaveLength(2);
    await write(within(row).getByRole('textbox', { name: /Clave/ }), 'token');
    await write(within(row).getByLabelText(/Valor nuevo/), 's3creto');
    await guardar();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(lastBody(saves).extrasEnc).toEqual([{ key: 'token', val: 's3creto' }]);
  });
});

describe('Editor de bot: pestañas y permisos', () => {
  it('con isBotEdit: General y Entidades; QnA solo con qna encendido; Monitoreo en un bot guardado', async () => {
    openBot(bot('b1'));
    await screen.findByDisplayValue('Bot b1');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['General', 'Entidades', 'Monitoreo']);
    await open('QnA');
    await userEvent.click(screen.getByRole('switch', { name: 'QnA activo' }));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['General', 'Entidades', 'QnA', 'Monitoreo']);
    await userEvent.click(screen.getByRole('tab', { name: 'QnA' }));
    expect(await screen.findByText('La base de conocimiento (QnA) de este bot se administra en una próxima versión de Quipu.')).toBeVisible();
  });

  it('un ROLE_USER no tiene Entidades ni Eliminar Bot, y ve los ajustes sin poder cambiarlos', async () => {
    openBot(bot('b1', { extrasEnc: [{ key: 'apiKey', set: true }] }), usuarioBots);
    await screen.findByDisplayValue('Bot b1');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['General', 'Monitoreo']);
    expect(screen.queryByRole('button', { name: 'Eliminar Bot' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
    await open('Parámetros', 'QnA', 'Extras');
    for (const name of ['Nombre', 'Descripción', 'URL base', 'Mensaje de intentos excedidos', 'Programación de la importación (cron)', 'Mensaje sin resultados']) {
      expect(field(name)).toHaveAttribute('readonly');
    }
    expect(screen.getByRole('spinbutton', { name: 'Tiempo de sesión (minutos)' })).toHaveAttribute('readonly');
    expect(screen.getByRole('switch', { name: 'Bot principal' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'QnA activo' })).toBeDisabled();
    expect(screen.getByDisplayValue('canal')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Agregar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reemplazar valor' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agregar parámetro encriptado' })).not.toBeInTheDocument();
  });

  it("cambiar de pestaña con cambios sin guardar avisa 'Existen cambios pendientes de guardar' y conserva lo escrito", async () => {
    openBot(bot('b1'));
    record('post', '/frases', () => page([], 0, 20));
    await userEvent.click(await screen.findByRole('tab', { name: 'Monitoreo' }));
    expect(screen.queryByText('Existen cambios pendientes de guardar')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'General' }));
    await open('Parámetros');
    await write(field('URL base remota'), 'https://otro.demo.test');
    await userEvent.click(screen.getByRole('tab', { name: 'Monitoreo' }));
    expect(await screen.findByText('Existen cambios pendientes de guardar')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Monitoreo' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'General' }));
    expect(field('URL base remota')).toHaveValue('https://otro.demo.test');
  });

  it("salir con cambios sin guardar pregunta '¿Seguro deseas salir sin guardar tus cambios?'; al cerrar la pestaña también", async () => {
    openBot(bot('b1'));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await open('Parámetros');
    await userEvent.type(await screen.findByRole('textbox', { name: 'URL base remota' }), 'x');
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    await userEvent.click(screen.getByRole('link', { name: 'Atrás' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith('¿Seguro deseas salir sin guardar tus cambios?'));
    expect(window.location.pathname).toBe('/bot/b1');
    expect(field('URL base remota')).toHaveValue('x');
  });

  it("'Eliminar Bot' pide confirmación, envía DELETE /bot/?id y vuelve a /bot con 'Eliminado con éxito'", async () => {
    openBot(bot('b1'));
    record('post', '/bot/search', () => page([], 0, 10));
    const deletes = record('delete', '/bot/', () => ({ id: 'b1' }));
    await screen.findByDisplayValue('Bot b1');
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar Bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar Bot' });
    expect(within(dialog).getByText(/¿Seguro desea eliminar este bot\?/)).toBeInTheDocument();
    expect(deletes).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Si' }));
    expect(await screen.findByText('Eliminado con éxito')).toBeInTheDocument();
    expect(deletes.map((call) => call.url.pathname + call.url.search)).toEqual(['/api/bot/?id=b1']);
    await waitFor(() => expect(window.location.pathname).toBe('/bot'));
  });
});

describe('Nuevo bot (/bot/new)', () => {
  it('empieza con sesión de 30 minutos, 3 intentos y los mensajes por defecto; sin Monitoreo', async () => {
    renderAdmin('/bot/new', compania);
    expect(await screen.findByRole('spinbutton', { name: 'Tiempo de sesión (minutos)' })).toHaveValue(30);
    await open('Parámetros');
    expect(screen.getByRole('spinbutton', { name: 'Máximo de intentos' })).toHaveValue(3);
    expect(field('Mensaje de intentos excedidos')).toHaveValue('Intentos excedidos');
    expect(field('Mensaje de opción no válida')).toHaveValue('Opción no válida');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['General', 'Entidades']);
    expect(screen.queryByRole('button', { name: 'Eliminar Bot' })).not.toBeInTheDocument();
  });

  it("crea con POST /bot sin id y abre /bot/{id} con 'Guardado con éxito'", async () => {
    const saves = record('post', '/bot', ({ body }) => bot('b7', { ...(body as object), id: 'b7' }));
    record('get', '/bot', () => bot('b7', { nm: 'Cobranzas' }));
    record('get', '/skills', () => []);
    renderAdmin('/bot/new', compania);
    await write(await screen.findByRole('textbox', { name: 'Nombre' }), 'Cobranzas');
    await guardar();
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/bot/b7'));
    expect(saves[0].body).toEqual({
      nm: 'Cobranzas',
      dsc: null,
      tsession: 30,
      timeout: null,
      main: false,
      qna: false,
      qnaExtrn: false,
      params: { maxAttempt: 3, msgAttempt: 'Intentos excedidos', invalidOption: 'Opción no válida' },
      diagram: { nodes: [], edges: [] },
      extras: [],
      extrasEnc: [],
    });
  });
});

describe('/skill/{id}', () => {
  it("abre el editor del skill a quien abre bots, y 'Sin acceso' a quien no", async () => {
    record('get', '/skill', () => skill('s1'));
    const first = renderAdmin('/skill/s1', usuarioBots);
    expect(await screen.findByRole('heading', { level: 1, name: 'Consultar saldo' })).toBeInTheDocument();
    first.unmount();
    renderAdmin('/skill/s1', { ...usuarioBots, user: { ...usuarioBots.user, rol: 'ROLE_DASHBOARD' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sin acceso' })).toBeInTheDocument();
  });
});
