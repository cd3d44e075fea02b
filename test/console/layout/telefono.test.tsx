// At 390 px (a phone) nothing the user needs is out of reach: a list's floating create button
// leaves room for its pagination, and the bot's Entidades tab and the web channel editor never
// make the page scroll sideways. jsdom lays nothing out, so these check the styles that cause it;
// the end-to-end phone sweep measures the pages themselves.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminTheme, FLOATING_CREATE } from '../../../src/layout/adminTheme';
import { MOBILE_BREAKPOINT } from '../../../src/layout/themes';
import { makeSession } from '../fixtures';
import { bot, compania, skills } from '../resources/botSupport';
import { page, record, renderAdmin, usuario } from '../resources/support';
import { channelCalls, openEditor } from '../canales/web/canalWebSupport';

vi.setConfig({ testTimeout: 45_000 });

const setWidth = (width: number) => Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });

describe('a 390 px', () => {
  afterEach(() => setWidth(1024));

  it('una lista con el botón flotante de crear deja debajo lugar para él, y su paginación queda alcanzable', async () => {
    setWidth(390);
    record('post', '/usuario/search', () => page([usuario(1), usuario(2)], 12));
    renderAdmin('/usuarios', makeSession({ rol: 'ROLE_COMPANIA' }));
    await within(await screen.findByRole('list', { name: 'Usuarios' })).findByText('Nombre1 Apellido1');
    const floating = await screen.findByRole('link', { name: 'Nuevo Usuario' });
    expect(floating).toHaveClass('RaCreateButton-floating');
    // It sits inside the list's root (react-admin's 'list-page', styled by the theme's RaList root).
    expect(floating.closest('.list-page')).not.toBeNull();
    const root = adminTheme({ alt: false }).components?.RaList?.styleOverrides?.root as Record<string, Record<string, { paddingBottom: string }>>;
    const rule = root[`@media (max-width: ${MOBILE_BREAKPOINT - 0.05}px)`]['&:has(.RaCreateButton-floating)'];
    expect(parseFloat(rule.paddingBottom)).toBeGreaterThanOrEqual(FLOATING_CREATE.bottom + FLOATING_CREATE.height);
  });

  it('en la pestaña Entidades cada tabla se desplaza dentro de su caja, no la página', async () => {
    setWidth(390);
    record('get', '/bot', () => bot('b1'));
    record('get', '/skills', () => skills);
    record('get', '/bot-version', () => null);
    record('get', '/entity', () => [{ id: 'e1', idBot: 'b1', nm: 'ciudad', dsc: 'Ciudades del Perú', rgx: false, format: null, keywords: [], type: null, paths: [] }]);
    record('get', '/entity/internal/list', () => [{ id: 'dni', nm: 'DNI / carné de extranjería / pasaporte', dsc: 'Documento de identidad peruano o extranjero' }]);
    renderAdmin('/bot/b1', compania);
    await userEvent.click(await screen.findByRole('tab', { name: 'Entidades' }));
    for (const name of ['Entidades', 'Entidades internas']) {
      const table = await screen.findByRole('table', { name });
      expect(getComputedStyle(table.parentElement!).overflowX).toBe('auto');
    }
  });

  it('los botones sin ícono de un diálogo muestran su texto, no una caja vacía', async () => {
    setWidth(390);
    record('get', '/bot', () => bot('b1'));
    record('get', '/skills', () => skills);
    record('get', '/bot-version', () => null);
    record('get', '/entity', () => []);
    record('get', '/entity/internal/list', () => []);
    renderAdmin('/bot/b1', compania);
    await userEvent.click(await screen.findByRole('tab', { name: 'Entidades' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva Entidad' }));
    const dialog = await screen.findByRole('dialog');
    for (const name of ['Cancelar', 'Guardar']) expect(within(dialog).getByRole('button', { name })).toHaveTextContent(name);
  });

  it('el editor del canal web no impone anchos mínimos mayores que el teléfono a sus campos', async () => {
    setWidth(390);
    channelCalls();
    await openEditor('c1');
    for (const name of ['Logo de la cabecera (URL)', 'Avatar del bot (URL)', 'Icono del botón (URL)', 'Texto de ayuda del cuadro de mensaje']) {
      const field = screen.getByRole('textbox', { name });
      // Narrower than the phone's content area (390 px less the page's and the card's margins).
      expect(parseFloat(getComputedStyle(field.closest('.MuiFormControl-root')!).minWidth) || 0).toBeLessThan(300);
    }
  });
});
