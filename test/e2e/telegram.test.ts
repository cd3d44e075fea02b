// Telegram in Chromium against a local fake Bot API: a company user
// creates a Telegram channel, pastes the token and connects it (getMe, setWebhook), links the demo
// bot, and an update posted to the webhook Quipu set gets the bot's answer through sendMessage;
// then 'Desconectar' with its confirmation deletes the webhook.
import { afterAll, describe, expect, it } from 'vitest';
import { TG_BOT, TG_TOKEN, fakeServer, telegramApi } from '../fixtures/providers';
import { LoginPage } from './pages/LoginPage';
import { expectAccessible } from './support/axe';
import { notice } from './support/botEditor';
import { setupQuipu } from './support/quipu';

const botApi = await fakeServer(telegramApi);
const quipu = setupQuipu({ TELEGRAM_API_BASE: botApi.base });
afterAll(() => botApi.close());

const CHAT = 70_123_456;
const calls = (method: string) => botApi.calls(`/bot${TG_TOKEN}/${method}`).map((r) => r.body);

describe('Telegram', () => {
  it('conecta el canal contra la Bot API, el bot responde un update por sendMessage y se desconecta', async () => {
    const page = await quipu.newPage();
    await new LoginPage(page, quipu.server.url).signInAndWait('compania@quipu.test');

    await page.goto(`${quipu.server.url}/canal/tg/new`);
    await page.getByRole('heading', { name: 'Cómo conectar un bot de Telegram' }).waitFor();
    await expectAccessible(page, 'el editor de un canal de Telegram nuevo');
    await page.getByLabel('Token del bot').fill(TG_TOKEN);
    await page.getByRole('button', { name: 'Conectar' }).click();
    await notice(page, 'Conectado con éxito').waitFor();
    await page.getByText(`Conectado como @${TG_BOT.username}`).waitFor();
    await page.waitForURL(/\/canal\/tg\/[^/]+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;

    const [webhook] = calls('setWebhook');
    expect(calls('getMe')).toHaveLength(1);
    expect(webhook).toMatchObject({ url: `${quipu.server.url}/api/wh/telegram/${id}`, allowed_updates: ['message', 'callback_query'] });
    expect(await page.getByText(TG_TOKEN).count()).toBe(0);

    await page.getByRole('combobox', { name: 'Bot' }).click();
    await page.getByRole('option', { name: 'Asistente Quipu' }).click();
    await notice(page, 'Guardado con éxito').waitFor();
    await expectAccessible(page, 'el editor de Telegram conectado');

    // Telegram delivers a message to the address and with the secret token Quipu gave it.
    const update = { update_id: 900_001, message: { message_id: 1, date: 1_750_000_000, from: { id: CHAT, is_bot: false, first_name: 'Ana' }, chat: { id: CHAT, type: 'private' }, text: 'hola' } };
    const delivered = await fetch(webhook.url as string, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': webhook.secret_token as string },
      body: JSON.stringify(update),
    });
    expect(delivered.status).toBe(200);
    const answers = calls('sendMessage');
    expect(answers.every((a) => a.chat_id === CHAT)).toBe(true);
    expect(answers.map((a) => a.text)).toEqual([expect.stringMatching(/Asistente Quipu|¡Hola!|¡Buen día!/), '¿Qué desea hacer?']);
    expect(answers[1].reply_markup).toMatchObject({ inline_keyboard: expect.arrayContaining([[expect.objectContaining({ callback_data: expect.any(String) })]]) });

    // A forged delivery is refused and answers nothing.
    const forged = await fetch(webhook.url as string, { method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': 'adivinado' }, body: JSON.stringify({ ...update, update_id: 900_002 }) });
    expect(forged.status).toBe(401);
    expect(calls('sendMessage')).toHaveLength(answers.length);

    await page.getByRole('button', { name: 'Desconectar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Desconectar' });
    await confirm.getByText('¿Está seguro en desactivar el canal?').waitFor();
    await confirm.getByRole('button', { name: 'Si, Desactivar' }).click();
    await notice(page, 'El canal se desconectó correctamente').waitFor();
    await page.getByRole('button', { name: 'Conectar' }).waitFor();
    expect(calls('deleteWebhook')).toHaveLength(1);
    await expectAccessible(page, 'el editor de Telegram desconectado');
  });
});
