// The web channel editor with axe (no serious or critical violation), its colour picker open
// included, and the warning before leaving with unsaved changes.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seriousViolations } from '../../versions/axe';
import { channelCalls, openEditor } from './canalWebSupport';

vi.setConfig({ testTimeout: 90_000 });
afterEach(() => vi.restoreAllMocks());

describe('Canal web: accesibilidad', () => {
  it('el editor de un canal guardado no tiene violaciones graves', async () => {
    channelCalls();
    await openEditor('c1');
    await screen.findByRole('button', { name: 'Eliminar Canal' });
    expect(await seriousViolations()).toEqual([]);
  });

  it('el selector de color abierto tampoco, y Escape lo cierra', async () => {
    channelCalls();
    const user = userEvent.setup();
    await openEditor('new');
    await user.click(screen.getByRole('button', { name: 'Elegir Fondo' }));
    await screen.findByRole('group', { name: 'Selector de Fondo' });
    expect(await seriousViolations()).toEqual([]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Selector de Fondo' })).not.toBeInTheDocument());
  });

  it("salir con cambios sin guardar pregunta '¿Seguro deseas salir sin guardar tus cambios?'", async () => {
    channelCalls();
    const confirm = vi.spyOn(window, 'confirm');
    const user = userEvent.setup();
    await openEditor('c1');
    await user.type(screen.getByRole('textbox', { name: 'Título de la cabecera' }), '!');
    await user.click(screen.getByRole('link', { name: 'Atras' }));
    // The console's own dialog, never the browser's.
    const dialog = await screen.findByRole('dialog', { name: '¿Seguro deseas salir sin guardar tus cambios?' });
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['Cancelar', 'Salir sin guardar', 'Guardar y salir']);
    expect(await seriousViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.pathname).toBe('/canal/web/c1');
    expect(screen.getByRole('textbox', { name: 'Título de la cabecera' })).toHaveValue('Tienda Andina!');
    expect(confirm).not.toHaveBeenCalled();
  });
});
