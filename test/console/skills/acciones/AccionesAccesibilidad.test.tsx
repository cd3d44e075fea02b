// The Acciones tab with axe (brief: no serious or critical violation): every kind's view, and the
// editors of the richest kinds open. jsdom cannot judge colour contrast; the end-to-end suite does.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { serveSkills, skill } from '../../flow/support';
import { record } from '../../resources/support';
import { accion, findCard, inCard, menu, renderAcciones, saludo, serveAcciones } from './support';

async function seriousViolations() {
  const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.html).join(' | ')}`);
}

const boton = { type: 'POSTBACK' as const, title: 'Comprar', subtitle: null, value: 'comprar', render: null };

describe('Accesibilidad de las acciones', () => {
  it('las vistas de cada tipo y los editores abiertos', async () => {
    serveAcciones([
      saludo,
      menu,
      accion('a3', 'CARD', { imageUrl: 'https://tienda.test/portada.png', title: 'Catálogo', subTitle: 'Otoño', invalidOption: '', buttons: [boton] }),
      accion('a4', 'CAROUSEL', { carousel: [{ title: 'Zapatillas', subtitle: 'Desde S/ 199', imageUrl: 'https://tienda.test/z.png', invalidOption: 'Elija', buttons: [boton] }] }),
      accion('a5', 'QUICK_REPLY', { title: '¿Algo más?', buttons: [{ type: 'LOCATION', title: 'Mi ubicación', value: null }] }),
      accion('a6', 'WEB_HOOK', { method: 'POST', url: 'https://crm.test/pedidos', headers: [{ k: 'Content-Type', v: 'application/json' }], fields: [{ k: 'cliente', v: '{{nombre}}' }], files: true, cond: [], op: 'AND', resp: [{ path: 'datos.id', k: 'pedido' }] }),
      accion('a7', 'GO_SKILL', { sk: 's2', fields: [] }),
      accion('a8', 'GO_BOT', { b: 'b2', sk: 'garantia' }),
      accion('a9', 'GO_HUMAN', { b: 'Ventas' }),
    ]);
    serveSkills([skill('s1', 'Saludo'), skill('s2', 'Pedidos')]);
    record('get', '/bots', () => [{ id: 'b1', nm: 'Ventas' }, { id: 'b2', nm: 'Soporte' }]);
    // Every save is refused, so each editor is also read with the server's message on screen.
    record('post', '/accion', () => HttpResponse.json({ message: 'Ingrese una URL válida que empiece con http:// o https://', field: 'url' }, { status: 400 }));
    renderAcciones();
    await findCard('Humano 9');
    await inCard('Bot 8').findByText('Soporte');
    expect(await seriousViolations()).toEqual([]);

    for (const name of ['WebHook 6', 'Carousel 4', 'Respuesta rápida 5', 'Skill 7', 'Bot 8', 'Texto 1']) {
      await userEvent.click(screen.getByRole('button', { name: `Editar ${name}` }));
      await userEvent.click(inCard(name).getByRole('button', { name: 'Guardar' }));
      expect(await seriousViolations()).toEqual([]);
      await userEvent.click(inCard(name).getByRole('button', { name: 'Cancelar' }));
    }
    await userEvent.click(screen.getByRole('button', { name: 'Card' }));
    await userEvent.click(inCard('Card 10').getByRole('button', { name: 'Guardar' }));
    expect(await seriousViolations()).toEqual([]);
    // axe reads the whole tab eight times: more than the default 20 s on a slow machine.
  }, 90_000);
});
