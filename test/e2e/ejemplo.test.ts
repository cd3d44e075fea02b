// The sample page /webchat/ejemplo.html on a 390 px phone: Quipu's site with the demo bot's plans,
// no sideways scrolling and nothing serious for axe, with the chat closed and open; a long welcome
// wraps whole inside the chat window, and the bot answers the questions the page suggests.
import { describe, expect, it } from 'vitest';
import { DEMO_PLANS } from '../../common/schemas/rules';
import { expectAccessible } from './support/axe';
import { setupQuipu } from './support/quipu';

const quipu = setupQuipu();

const LONG_WELCOME =
  '¡Hola! Soy el Asistente Quipu y le atiendo a cualquier hora. Pregúnteme por los planes y sus precios, el horario de atención, nuestras sedes, ' +
  'las formas de pago o el estado de su pedido (por ejemplo Q-12345). Más ayuda en https://quipu.example/ayuda/preguntasfrecuentessobreplanesyformasdepago';

describe('la página de ejemplo a 390 px', () => {
  it('muestra los planes, no se desplaza de lado, su bienvenida larga se lee entera y el bot responde por los planes; axe no encuentra nada grave', async () => {
    const page = await quipu.newPage({ width: 390 });
    // The demo channel's welcome, made long as a customer may write it.
    await page.route('**/api/public/webchat/*', async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      const body = (await response.json()) as { web: { welcomeMessage?: string } };
      body.web.welcomeMessage = LONG_WELCOME;
      await route.fulfill({ response, json: body });
    });
    await page.goto(`${quipu.server.url}/webchat/ejemplo.html`);
    await page.getByRole('heading', { level: 1, name: 'Chatbots que atienden a sus clientes en español' }).waitFor();
    for (const plan of DEMO_PLANS) await page.getByRole('heading', { level: 3, name: `Plan ${plan.nm}` }).waitFor();
    const sideways = () => page.evaluate(() => (document.scrollingElement?.scrollWidth ?? Infinity) - window.innerWidth);
    expect(await sideways()).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'la página de ejemplo a 390 px');

    await page.getByRole('button', { name: 'Abrir chat' }).click();
    const chat = page.getByRole('dialog', { name: 'Asistente Quipu' });
    const welcome = chat.getByText(LONG_WELCOME);
    await welcome.waitFor();
    // Whole: the banner neither cuts nor scrolls its text, and its lines stay inside the window.
    const fit = await welcome.evaluate((p) => {
      const banner = p.parentElement!;
      const win = banner.closest('.qw-win')!.getBoundingClientRect();
      const text = p.getBoundingClientRect();
      return {
        lines: Math.round(text.height / parseFloat(getComputedStyle(p).lineHeight)),
        hiddenX: banner.scrollWidth - banner.clientWidth,
        hiddenY: banner.scrollHeight - banner.clientHeight,
        inside: text.left >= win.left && text.right <= win.right,
      };
    });
    expect(fit.lines).toBeGreaterThan(3);
    console.info(`bienvenida larga a 390 px: ${fit.lines} líneas`);
    expect(fit).toMatchObject({ hiddenX: 0, hiddenY: 0, inside: true });
    expect(await sideways()).toBeLessThanOrEqual(0);

    await chat.getByRole('textbox', { name: 'Mensaje' }).fill('¿Qué planes tienen?');
    await chat.getByRole('button', { name: 'Enviar' }).click();
    for (const plan of DEMO_PLANS) await chat.getByText(plan.subtitle, { exact: true }).waitFor();
    await expectAccessible(page, 'la página de ejemplo con el chat abierto');
  });
});
