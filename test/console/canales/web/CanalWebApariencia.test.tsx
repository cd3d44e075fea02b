// The web channel's appearance: colour inputs that write rgba
// text, the welcome height from 0 to 150, sizes, and the live preview drawn from the form.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as preview from '../../../../src/widget/preview';
import { channelCalls, openEditor } from './canalWebSupport';

vi.setConfig({ testTimeout: 45_000 });

describe('colores', () => {
  it('el selector se usa con el teclado y escribe rgba(r, g, b, a), que Guardar envía', async () => {
    const { saves } = channelCalls();
    const user = userEvent.setup();
    await openEditor('c1');
    await user.click(screen.getByRole('button', { name: 'Elegir Burbuja del bot' }));
    const picker = await screen.findByRole('group', { name: 'Selector de Burbuja del bot' });
    // The sliders have Spanish names; the alpha one lowers the opacity by 5 % per arrow.
    const opacity = within(picker).getByRole('slider', { name: 'Opacidad' });
    expect(within(picker).getByRole('slider', { name: 'Tono' })).toBeInTheDocument();
    expect(within(picker).getByRole('slider', { name: 'Saturación y brillo' })).toHaveAttribute('aria-valuetext', expect.stringMatching(/^Saturación \d+ %, brillo \d+ %$/));
    // react-colorful reads the arrow's keyCode, which user-event leaves out.
    fireEvent.keyDown(opacity, { key: 'ArrowLeft', keyCode: 37 });
    fireEvent.keyDown(opacity, { key: 'ArrowLeft', keyCode: 37 });
    await user.keyboard('{Escape}');
    const text = screen.getByRole('textbox', { name: 'Burbuja del bot (rgba)' });
    expect(text).toHaveValue('rgba(103, 58, 183, 0.9)');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Guardado con éxito');
    expect(saves[0].body).toMatchObject({ web: { theme: { botBubbleColor: 'rgba(103, 58, 183, 0.9)' } } });
  });

  it('un color escrito en #hex o rgb() queda como rgba() al salir del campo; uno no válido lo dice y no se guarda', async () => {
    const { saves } = channelCalls();
    const user = userEvent.setup();
    await openEditor('c1');
    const background = screen.getByRole('textbox', { name: 'Fondo (rgba)' });
    await user.clear(background);
    await user.type(background, '#00ff0080');
    await user.tab();
    expect(background).toHaveValue('rgba(0, 255, 0, 0.5)');
    const header = screen.getByRole('textbox', { name: 'Texto de la cabecera (rgba)' });
    await user.clear(header);
    await user.type(header, 'azul');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(header).toHaveAccessibleDescription('Ingrese un color rgba(r, g, b, a), rgb(r, g, b) o #hex'));
    expect(saves).toHaveLength(0);
  });
});

describe('tamaños, bienvenida y sitios', () => {
  it("su alto va de 0 a 150: fuera de ese rango lo dice y no guarda", async () => {
    const { saves } = channelCalls();
    const user = userEvent.setup();
    await openEditor('c1');
    const height = screen.getByRole('spinbutton', { name: 'Alto del mensaje de bienvenida (px)' });
    await user.clear(height);
    await user.type(height, '151');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(height).toHaveAccessibleDescription('La altura del mensaje de bienvenida va de 0 a 150'));
    expect(saves).toHaveLength(0);
    await user.clear(height);
    await user.type(height, '0');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Guardado con éxito');
    expect(saves[0].body).toMatchObject({ web: { welcomeHeight: 0 } });
  });

  it("una medida que no es CSS lo dice ('Ingrese una medida CSS, por ejemplo 360px o 80%')", async () => {
    const { saves } = channelCalls();
    const user = userEvent.setup();
    await openEditor('c1');
    const height = screen.getByRole('textbox', { name: 'Alto' });
    await user.clear(height);
    await user.type(height, 'alto');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(height).toHaveAccessibleDescription('Ingrese una medida CSS, por ejemplo 360px o 80%'));
    expect(saves).toHaveLength(0);
  });

  it('un sitio que no es dominio ni origen no entra en la lista y lo dice; uno válido sí', async () => {
    const { saves } = channelCalls();
    const user = userEvent.setup();
    await openEditor('c1');
    const site = screen.getByRole('textbox', { name: 'Sitio permitido' });
    await user.type(site, 'mi tienda/ofertas{Enter}');
    expect(site).toHaveAccessibleDescription(/^Sitio no válido: mi tienda\/ofertas\./);
    expect(screen.getByRole('list', { name: 'Sitios permitidos' })).not.toHaveTextContent('ofertas');
    await user.clear(site);
    await user.type(site, 'https://otra.ejemplo.com{Enter}');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Guardado con éxito');
    expect(saves[0].body).toMatchObject({ web: { domain: ['tienda.ejemplo.com', 'https://otra.ejemplo.com'] } });
  });
});

describe('vista previa', () => {
  it('es el widget real en un shadow root, redibujado con lo que se escribe', async () => {
    const mount = vi.spyOn(preview, 'mountWidgetPreview');
    channelCalls();
    const user = userEvent.setup();
    await openEditor('c1');
    const region = screen.getByRole('region', { name: 'Vista previa' });
    const root = region.shadowRoot as unknown as HTMLElement;
    expect(within(root).getByRole('dialog', { name: 'Tienda Andina' })).toBeInTheDocument();
    expect(mount).toHaveBeenCalledWith(region, expect.objectContaining({ headerTitle: 'Tienda Andina', width: '360px' }), { botName: 'Asistente Quipu' });
    const handle = mount.mock.results[0].value as preview.WidgetPreview;
    const update = vi.spyOn(handle, 'update');

    const title = screen.getByRole('textbox', { name: 'Título de la cabecera' });
    await user.clear(title);
    await user.type(title, 'Ofertas');
    await waitFor(() => expect(within(root).getByRole('dialog', { name: 'Ofertas' })).toBeInTheDocument());
    fireEvent.change(screen.getByRole('textbox', { name: 'Fondo de la cabecera (rgba)' }), { target: { value: 'rgba(0, 128, 0, 1)' } });
    await waitFor(() => expect(update).toHaveBeenLastCalledWith(expect.objectContaining({ headerTitle: 'Ofertas', theme: expect.objectContaining({ headerBgColor: 'rgba(0, 128, 0, 1)' }) })));
    expect((root.querySelector('.qw') as HTMLElement).style.getPropertyValue('--qw-head-bg')).toBe('rgba(0, 128, 0, 1)');
    mount.mockRestore();
  });
});
