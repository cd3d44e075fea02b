// What the web channel editor uses: the live preview (the real widget, opened, in a shadow root,
// redrawn from the form) and the embed snippet with its channel key.
import { waitFor, within } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { WEB_DEFAULTS } from '../../../common/schemas/canales';
import { mountWidgetPreview } from '../../../src/widget/preview';
import { decodeCanalKey, embedSnippet, encodeCanalKey } from '../../../src/widget/snippet';
import { CSS_FALLBACKS, cssVariables } from '../../../src/widget/styles';
import { FALLBACK_TEXTS } from '../../../src/widget/texts';

describe('la vista previa del editor', () => {
  it('dibuja el widget abierto en un shadow root, con mensajes de ejemplo, y lo redibuja al cambiar el formulario', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const preview = mountWidgetPreview(host, { headerTitle: 'Tienda Andina', theme: { headerBgColor: 'rgba(0, 128, 0, 1)' } }, { botName: 'Asistente Quipu' });
    const root = host.shadowRoot as unknown as HTMLElement;
    expect(host.children).toHaveLength(0);
    const dialog = within(root).getByRole('dialog', { name: 'Tienda Andina' });
    expect(within(dialog).getByText('Quiero conocer sus planes')).toBeVisible();
    expect(within(dialog).getByText('Plan Pro')).toBeVisible();
    expect(within(dialog).getByRole('group', { name: 'Respuestas rápidas' })).toBeVisible();
    // The window shows the defaults the form leaves out, and the colour typed.
    expect(within(dialog).getByText(WEB_DEFAULTS.welcomeMessage)).toBeVisible();
    const themed = root.querySelector('.qw') as HTMLElement;
    expect(themed.style.getPropertyValue('--qw-head-bg')).toBe('rgba(0, 128, 0, 1)');

    preview.update({ headerTitle: 'Otra tienda', carouselDoble: true, theme: { headerBgColor: 'rgba(255, 0, 0, 1)' } });
    await waitFor(() => expect(within(root).getByRole('dialog', { name: 'Otra tienda' })).toBeVisible());
    expect((root.querySelector('.qw') as HTMLElement).style.getPropertyValue('--qw-head-bg')).toBe('rgba(255, 0, 0, 1)');
    expect(root.querySelector('.qw')).toHaveClass('qw--doble');

    preview.unmount();
    expect(root.querySelector('.qw')).toBeNull();
    host.remove();
  });

  it('los planes de ejemplo tienen los precios del bot de demostración (S/ 99, 299 y 899)', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const preview = mountWidgetPreview(host, {}, { botName: 'Asistente Quipu' });
    const dialog = within(host.shadowRoot as unknown as HTMLElement).getByRole('dialog');
    for (const price of ['S/ 99 al mes', 'S/ 299 al mes', 'S/ 899 al mes']) expect(within(dialog).getByText((text) => text.startsWith(price))).toBeVisible();
    expect(within(dialog).queryByText((text) => text.startsWith('S/ 50') || text.startsWith('S/ 90'))).toBeNull();
    preview.unmount();
    host.remove();
  });

  it('los valores por omisión del estilo y de los textos del widget son los del canal (WEB_DEFAULTS)', () => {
    const fromDefaults = cssVariables(WEB_DEFAULTS);
    for (const [name, value] of Object.entries(fromDefaults)) expect([name, CSS_FALLBACKS[name as keyof typeof CSS_FALLBACKS]]).toEqual([name, value]);
    expect(Object.keys(fromDefaults).length).toBeGreaterThanOrEqual(18);
    expect(FALLBACK_TEXTS).toEqual({ headerTitle: WEB_DEFAULTS.headerTitle, placeholder: WEB_DEFAULTS.placeholder });
  });
});

describe('el código para insertar', () => {
  it('es un script con id, la dirección del widget y el canal codificado en base64url', () => {
    const id = '3f2c9a7e-5b1d-4c8e-9f00-1a2b3c4d5e6f';
    const key = encodeCanalKey(id);
    expect(key).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(embedSnippet('https://bots.example.com', '/', id)).toBe(
      `<script id="quipu-webchat" src="https://bots.example.com/webchat/quipu-webchat.js" data-canal="${key}" async></script>`,
    );
    expect(embedSnippet('https://bots.example.com/', '/consola/', id)).toContain('src="https://bots.example.com/consola/webchat/quipu-webchat.js"');
    expect(embedSnippet('https://bots.example.com', '/consola', id)).toContain('src="https://bots.example.com/consola/webchat/quipu-webchat.js"');
    expect(decodeCanalKey(key)).toBe(id);
    expect(decodeCanalKey(encodeCanalKey('canal-ñandú'))).toBe('canal-ñandú');
  });

  it('una clave que no es base64url de un id no se decodifica', () => {
    for (const bad of ['', 'a', 'no es base64', 'abc=', '____', 'A'.repeat(300)]) expect(decodeCanalKey(bad)).toBeNull();
  });
});
