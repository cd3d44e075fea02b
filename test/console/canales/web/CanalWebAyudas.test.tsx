// The web channel editor's help texts: each under the field it explains, and the one of
// 'Deshabilitar horas' saying plainly what the switch does.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { channelCalls, openEditor } from './canalWebSupport';

const DOMINIO = 'Dominio u origen (tienda.ejemplo.com o https://tienda.ejemplo.com); Enter para agregarlo.';

describe('Canal web: ayudas', () => {
  it("la ayuda de los sitios permitidos describe 'Sitio permitido', no el selector de bot", async () => {
    channelCalls();
    await openEditor('c1');
    const site = screen.getByRole('textbox', { name: 'Sitio permitido' });
    expect(site).toHaveAccessibleDescription(DOMINIO);
    const bot = await screen.findByRole('combobox', { name: 'Bot' });
    expect(bot).not.toHaveAccessibleDescription(DOMINIO);
    // Shown once, after the bot selector and inside the sites' own field.
    const help = screen.getByText(DOMINIO);
    expect(site.closest('.MuiFormControl-root')).toContainElement(help);
    expect(bot.compareDocumentPosition(help) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("'Deshabilitar horas' dice qué hace encendido y apagado", async () => {
    channelCalls();
    await openEditor('c1');
    expect(screen.getByRole('switch', { name: 'Deshabilitar horas' })).toHaveAccessibleDescription(
      'Encendido: el bot atiende solo de la hora de inicio a la hora de fin, en la zona horaria de la empresa ' +
        '(si la hora de fin es anterior a la de inicio, el horario cruza la medianoche). Fuera de ese horario, ' +
        'el canal responde con el mensaje de fuera de horario, sin pasar por el bot. Apagado: el bot atiende a toda hora.',
    );
  });
});
