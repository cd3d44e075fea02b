// 'Desplegar' in the bot editor: checks the form, asks the
// description, saves and deploys, follows GET /bot-version (every second while the deploy is young,
// then every 5 s) and says how it ended only once it has.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bot, BotVersion } from '../../../src/api/versions';
import { makeSession } from '../fixtures';
import { record } from '../resources/support';
import { seriousViolations } from './axe';
import { bot, botAnswers, botVersion, renderBotForm } from './botFormHarness';

const usuario = makeSession({ id: '7', rol: 'ROLE_USER' });

const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

type DeployAnswer = Parameters<typeof record>[2];

/**
 * Opens bot b1's form as a ROLE_USER. GET /bot-version answers each of `states` in turn (the last
 * one from then on), GET /bot each of `loads`, and POST /bot.deploy `deployAnswer`.
 */
function openEditor(
  states: Array<BotVersion | null | Response>,
  { deployAnswer = () => botVersion(3, { done: false }), loads = [bot()] }: { deployAnswer?: DeployAnswer; loads?: Bot[] } = {},
) {
  const botLoads = botAnswers(...loads);
  const polls = record('get', '/bot-version', () => states[Math.min(polls.length, states.length) - 1] as never);
  const deploys = record('post', '/bot.deploy', deployAnswer);
  // A bot with a fallback skill: 'Desplegar' has nothing to warn of (DeployWarnings.test.tsx).
  record('get', '/skills', () => [{ id: 's1', idBot: 'b1', nm: 'No entendí', dsc: null, tipo: 1, nFrases: 0 }]);
  const view = renderBotForm({ session: usuario, botId: 'b1' });
  return { polls, deploys, botLoads, view, user: setup() };
}
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Advances 5 s `times` times, expecting one more GET /bot-version each time. */
async function expectPollEvery5s(polls: unknown[], times: number) {
  for (let i = 0; i < times; i++) {
    const before = polls.length;
    await advance(5_000);
    expect(polls).toHaveLength(before + 1);
  }
}

async function openDeploy(user: ReturnType<typeof setup>) {
  await user.click(await screen.findByRole('button', { name: 'Desplegar' }));
  return screen.findByRole('dialog', { name: 'Desplegar Bot' });
}

async function deploy(user: ReturnType<typeof setup>, description: string) {
  const dialog = await openDeploy(user);
  await user.type(within(dialog).getByRole('textbox', { name: 'Descripción' }), description);
  await user.click(within(dialog).getByRole('button', { name: 'Desplegar' }));
}

describe('Desplegar', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it("no se muestra en /bot/new", async () => {
    renderBotForm({ session: usuario });
    expect(await screen.findByRole('textbox', { name: /Nombre/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desplegar' })).not.toBeInTheDocument();
  });

  it("valida el formulario como 'Guardar': con el nombre vacío no abre el diálogo ni llama al servidor", async () => {
    const { user, deploys } = openEditor([null]);
    const nombre = await screen.findByDisplayValue('Ventas');
    await user.clear(nombre);
    await user.click(screen.getByRole('button', { name: 'Desplegar' }));
    expect(await screen.findByText('Campo requerido')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deploys).toHaveLength(0);
  });

  it("pide la 'Descripción', obligatoria ('Campo requerido'), y Cancelar no despliega", async () => {
    const { user, deploys } = openEditor([null]);
    const dialog = await openDeploy(user);
    await user.click(within(dialog).getByRole('button', { name: 'Desplegar' }));
    expect(within(dialog).getByRole('textbox', { name: 'Descripción' })).toHaveAccessibleDescription('Campo requerido');
    await user.type(within(dialog).getByRole('textbox', { name: 'Descripción' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Desplegar' }));
    expect(within(dialog).getByText('Campo requerido')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await advance(500);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deploys).toHaveLength(0);
  });

  it('abrir y cancelar el despliegue no da por guardados los cambios del formulario', async () => {
    const { user } = openEditor([null]);
    await user.type(await screen.findByDisplayValue('Ventas'), ' Perú');
    expect(screen.getByText('Hay cambios sin guardar')).toBeInTheDocument();
    const dialog = await openDeploy(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await advance(500);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Hay cambios sin guardar')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Ventas Perú')).toBeInTheDocument();
  });

  it("envía los valores del formulario con msg e idU, confirma 'Guardado con éxito' al instante, consulta cada segundo los primeros 10 s y luego cada 5 s, y solo al terminar dice 'Desplegado con éxito versión 3'", async () => {
    const running = botVersion(3, { done: false, msg: 'Nueva bienvenida', fc: new Date().toISOString() });
    const { polls, user, deploys } = openEditor([null, ...Array<BotVersion>(11).fill(running), botVersion(3)], {
      loads: [bot(), bot({ nm: 'Ventas Perú', rev: 5 })],
      deployAnswer: () => running,
    });
    await user.type(await screen.findByDisplayValue('Ventas'), ' Perú');
    await deploy(user, 'Nueva bienvenida');

    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(screen.queryByText(/Desplegado con éxito/)).not.toBeInTheDocument();
    expect(deploys).toHaveLength(1);
    expect(deploys[0].url.pathname).toBe('/api/bot.deploy');
    expect(Object.fromEntries(deploys[0].url.searchParams)).toEqual({ msg: 'Nueva bienvenida', idU: '7' });
    // The whole bot as the form holds it; an encrypted extra goes back as its key only.
    expect(deploys[0].body).toEqual({ ...bot({ nm: 'Ventas Perú' }), extrasEnc: [{ key: 'clave' }] });

    const progress = await screen.findByRole('progressbar', { name: 'Desplegando Bot, espere por favor.' });
    expect(progress).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Desplegando Bot, espere por favor.');
    expect(screen.getByRole('button', { name: 'Desplegar' })).toBeDisabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // One GET when the editor opened; then one a second while the deploy is young.
    expect(polls).toHaveLength(1);
    for (let i = 0; i < 9; i++) {
      const before = polls.length;
      await advance(1_000);
      expect(polls).toHaveLength(before + 1);
      expect(screen.queryByText(/Desplegado con éxito/)).not.toBeInTheDocument();
    }
    expect(polls[1].url.searchParams.get('botId')).toBe('b1');
    expect(screen.getByRole('progressbar', { name: 'Desplegando Bot, espere por favor.' })).toBeInTheDocument();
    // Past ten seconds, every 5 s.
    await advance(1_100);
    const before = polls.length;
    await advance(4_000);
    expect(polls).toHaveLength(before);
    await expectPollEvery5s(polls, 2);
    expect(await screen.findByText('Desplegado con éxito versión 3')).toBeInTheDocument();
    expect(screen.queryByText('Guardado con éxito')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Desplegando Bot, espere por favor.' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desplegar' })).toBeEnabled();
    // Done: the polling stops.
    const done = polls.length;
    await advance(20_000);
    expect(polls).toHaveLength(done);
  });

  it("un despliegue que falla pronto dice 'Error al desplegar {msg}' en cuanto termina, en lugar de 'Guardado con éxito', y nunca que se desplegó", async () => {
    const failure = 'El skill Saludo no tiene frases de entrenamiento';
    const running = botVersion(3, { done: false, fc: new Date().toISOString() });
    const { polls, user } = openEditor([null, running, botVersion(3, { done: true, error: true, msg: failure })], { deployAnswer: () => running });
    await deploy(user, 'Cambios de pagos');
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    await advance(1_100);
    expect(polls).toHaveLength(2);
    expect(screen.getByText('Guardado con éxito')).toBeInTheDocument();
    await advance(1_000);
    expect(polls).toHaveLength(3);
    expect(await screen.findByText(`Error al desplegar ${failure}`)).toBeInTheDocument();
    expect(screen.queryByText('Guardado con éxito')).not.toBeInTheDocument();
    expect(screen.queryByText(/Desplegado con éxito/)).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("si el servidor ya responde la versión terminada dice 'Guardado y Desplegado con éxito' al instante y no consulta más", async () => {
    const { polls, user } = openEditor([null], { deployAnswer: () => botVersion(3) });
    await deploy(user, 'Nueva bienvenida');
    expect(await screen.findByText('Guardado y Desplegado con éxito')).toBeInTheDocument();
    expect(screen.queryByText('Guardado con éxito')).not.toBeInTheDocument();
    await advance(10_000);
    expect(polls).toHaveLength(1);
  });

  it('el diálogo y la barra de progreso no tienen violaciones graves de accesibilidad (axe)', async () => {
    const { user } = openEditor([null, botVersion(3, { done: false })]);
    await openDeploy(user);
    expect(await seriousViolations()).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: 'Descripción' }), 'Nueva bienvenida');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Desplegar' }));
    await screen.findByRole('progressbar', { name: 'Desplegando Bot, espere por favor.' });
    await advance(500);
    expect(await seriousViolations()).toEqual([]);
  });

  it("termina con 'Error al desplegar {msg}' cuando el despliegue falla", async () => {
    const failure = 'El skill Saludo no tiene frases de entrenamiento; el enlace a Pagos apunta a un skill que no existe';
    const { polls, user } = openEditor([null, botVersion(3, { done: true, error: true, msg: failure })]);
    await deploy(user, 'Cambios de pagos');
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    await advance(5_100);
    expect(await screen.findByText(`Error al desplegar ${failure}`)).toBeInTheDocument();
    expect(polls).toHaveLength(2);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desplegar' })).toBeEnabled();
  });

  it('mientras entrena el modelo muestra su avance, y al terminar avisa las pruebas de regresión que fallan', async () => {
    const training = botVersion(3, { done: false, progreso: 40 });
    const failing = botVersion(3, { pruebas: { total: 3, fallidas: [{ id: 'p1', nm: 'Saludo y precios' }] } });
    const { user } = openEditor([null, training, failing]);
    await deploy(user, 'Nueva bienvenida');
    await advance(5_100);
    expect(await screen.findByRole('progressbar', { name: 'Entrenando el modelo: 40 %' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('status')).toHaveTextContent('Desplegando Bot, espere por favor.Entrenando el modelo: 40 %');
    await advance(5_100);
    expect(
      await screen.findByText(/^Desplegado con éxito versión 3\. 1 de 3 pruebas fallan: Saludo y precios\. La versión se desplegó igual/),
    ).toBeInTheDocument();
  });

  it('una consulta fallida no detiene el seguimiento: vuelve a consultar 5 s después', async () => {
    const unreachable = HttpResponse.json({ message: 'No se pudo conectar con el servidor' }, { status: 503 });
    const { polls, user } = openEditor([null, unreachable, botVersion(3, { done: false }), botVersion(3)]);
    await deploy(user, 'Nueva bienvenida');
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    await advance(5_100);
    expect(polls).toHaveLength(2);
    expect(screen.getByRole('progressbar', { name: 'Desplegando Bot, espere por favor.' })).toBeInTheDocument();
    await expectPollEvery5s(polls, 2);
    expect(await screen.findByText('Desplegado con éxito versión 3')).toBeInTheDocument();
  });

  it('deja de consultar al cerrar el editor', async () => {
    const { polls, user, view } = openEditor([null, botVersion(3, { done: false })]);
    await deploy(user, 'Nueva bienvenida');
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    await advance(5_100);
    expect(polls).toHaveLength(2);
    view.unmount();
    await advance(30_000);
    expect(polls).toHaveLength(2);
  });

  it('recarga el bot tras desplegar: el siguiente despliegue envía el rev nuevo', async () => {
    const { deploys, botLoads, user } = openEditor([null, botVersion(3)], { loads: [bot({ rev: 4 }), bot({ rev: 5 })] });
    await deploy(user, 'Primera');
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    await advance(5_100);
    expect(await screen.findByText('Desplegado con éxito versión 3')).toBeInTheDocument();
    expect(botLoads.length).toBeGreaterThanOrEqual(2);
    await deploy(user, 'Segunda');
    await vi.waitFor(() => expect(deploys).toHaveLength(2));
    expect((deploys[0].body as { rev: number }).rev).toBe(4);
    expect((deploys[1].body as { rev: number }).rev).toBe(5);
    expect(Object.fromEntries(deploys[1].url.searchParams)).toEqual({ msg: 'Segunda', idU: '7' });
  });

  it('al abrir un bot con un despliegue en curso lo sigue y avisa cuando termina', async () => {
    const { polls } = openEditor([botVersion(4, { done: false }), botVersion(4, { done: false }), botVersion(4)]);
    expect(await screen.findByRole('progressbar', { name: 'Desplegando Bot, espere por favor.' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desplegar' })).toBeDisabled();
    await advance(10_100);
    expect(await screen.findByText('Desplegado con éxito versión 4')).toBeInTheDocument();
    expect(polls).toHaveLength(3);
  });

  it('al abrir un bot ya desplegado no anuncia nada ni consulta de nuevo', async () => {
    const { polls } = openEditor([botVersion(2)]);
    await vi.waitFor(() => expect(polls).toHaveLength(1));
    await advance(15_000);
    expect(polls).toHaveLength(1);
    expect(screen.queryByText(/Desplegado con éxito/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desplegar' })).toBeEnabled();
  });

  it('muestra el mensaje del servidor cuando rechaza el despliegue, y no consulta', async () => {
    const refused = () => HttpResponse.json({ message: 'Ya hay un despliegue en curso para este bot' }, { status: 409 });
    const { polls, user } = openEditor([null], { deployAnswer: refused });
    await deploy(user, 'Nueva bienvenida');
    expect(await screen.findByText('Ya hay un despliegue en curso para este bot')).toBeInTheDocument();
    expect(screen.queryByText('Guardado con éxito')).not.toBeInTheDocument();
    await advance(10_000);
    expect(polls).toHaveLength(1);
  });
});
