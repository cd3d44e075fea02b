// Twitter (X) in Chromium against a local fake X API v2: a company user creates a Twitter channel,
// types the env and the keys and connects it; while the fake cannot complete the CRC the editor
// says 'Canal no configurado', and 'Activar' has X run the CRC again against Quipu's webhook, which
// then is valid. A direct message posted to the webhook gets the bot's answer as a direct message.
import { afterAll, describe, expect, it } from 'vitest';
import { TW_ACCESS_TOKEN, TW_ACCESS_TOKEN_SECRET, TW_ACCOUNT, TW_CONSUMER_KEY, TW_CONSUMER_SECRET, dmEvent, fakeX, twSignature } from '../fixtures/twitter';
import { LoginPage } from './pages/LoginPage';
import { expectAccessible } from './support/axe';
import { notice } from './support/botEditor';
import { setupQuipu } from './support/quipu';

// X calls the webhook's address for the CRC, as Quipu registered it.
const x = await fakeX(async (url) => {
  const res = await fetch(url);
  return res.ok ? res.json() : undefined;
});
const quipu = setupQuipu({ TWITTER_API_BASE: x.base });
afterAll(() => x.close());

describe('Twitter', () => {
  it("conecta el canal, muestra 'Canal no configurado' mientras X no valida el webhook y 'Activar' lo deja válido", async () => {
    const page = await quipu.newPage();
    await new LoginPage(page, quipu.server.url).signInAndWait('compania@quipu.test');

    await page.goto(`${quipu.server.url}/canal/tw/new`);
    await page.getByRole('heading', { name: 'Cómo conectar una cuenta de X (Twitter)' }).waitFor();
    await expectAccessible(page, 'el editor de un canal de Twitter nuevo');

    x.refuseCrc = true;
    await page.getByLabel('Env').fill('produccion');
    await page.getByLabel('Consumer key').fill(TW_CONSUMER_KEY);
    await page.getByLabel('Consumer secret').fill(TW_CONSUMER_SECRET);
    await page.getByLabel(/^Access token\s*\*?$/).fill(TW_ACCESS_TOKEN);
    await page.getByLabel('Access token secret').fill(TW_ACCESS_TOKEN_SECRET);
    await page.getByRole('button', { name: 'Conectar' }).click();
    await notice(page, 'Conectado con éxito').waitFor();
    await page.getByText(`Conectado como @${TW_ACCOUNT.username}`).waitFor();
    await page.waitForURL(/\/canal\/tw\/(?!new$)[^/]+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const webhookUrl = `${quipu.server.url}/api/wh/twitter/${id}`;
    expect([...x.webhooks.values()].map((w) => ({ url: w.url, valid: w.valid }))).toEqual([{ url: webhookUrl, valid: false }]);
    expect(await page.getByText(TW_CONSUMER_SECRET).count()).toBe(0);

    await page.getByText('Canal no configurado').waitFor();
    await expectAccessible(page, "el editor de Twitter con 'Canal no configurado'");

    x.refuseCrc = false;
    await page.getByRole('button', { name: 'Activar' }).click();
    await page.getByText('Webhook validado por X').first().waitFor();
    expect(await page.getByText('Canal no configurado').count()).toBe(0);
    expect(x.crcs.at(-1)).toEqual({ url: webhookUrl, ok: true });

    await page.getByRole('combobox', { name: 'Bot' }).click();
    await page.getByRole('option', { name: 'Asistente Quipu' }).click();
    // The pointer leaves where the list was: a notice under it ('Webhook validado por X') would
    // stay while hovered, and the next one waits for it.
    await page.mouse.move(0, 0);
    await notice(page, 'Guardado con éxito').waitFor();
    await expectAccessible(page, 'el editor de Twitter conectado, con el webhook válido');

    // X delivers a direct message, signed with the consumer secret; the answer goes out as direct messages.
    const payload = JSON.stringify(dmEvent('e2e-1', 'hola'));
    const delivered = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-twitter-webhooks-signature': twSignature(payload) }, body: payload });
    expect(delivered.status).toBe(200);
    expect(x.dms().length).toBeGreaterThan(0);
    expect(x.dms().every((d) => d.to === '3805104374')).toBe(true);
  });
});
