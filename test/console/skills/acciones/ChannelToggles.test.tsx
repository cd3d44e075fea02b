// The channels of an answer: several in the action editor, where all five on is
// stored as [8] ('Todos'); exactly one in single mode (the test chat).
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { AccionBody } from '../../../../src/api/skills';
import { i18nProvider } from '../../../../src/i18n/i18nProvider';
import { ChannelToggles } from '../../../../src/resources/skills/actions/ChannelToggles';
import { SKILL_MESSAGES } from '../../../../common/schemas/skillRules';
import { record } from '../../resources/support';
import { findCard, inCard, renderAcciones, saludo, serveAcciones } from './support';

function renderToggles(initial: number[], single?: boolean) {
  function Harness() {
    const [red, setRed] = useState(initial);
    return (
      <>
        <ChannelToggles value={red} onChange={setRed} single={single} label={single ? 'Canal de prueba' : undefined} />
        <output aria-label="valor">{JSON.stringify(red)}</output>
      </>
    );
  }
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <Harness />
    </AdminContext>,
  );
  return () => JSON.parse(screen.getByRole('status', { name: 'valor' }).textContent ?? 'null') as number[];
}

const channel = (name: string) => screen.getByRole('switch', { name });
const CHANNELS = ['Twitter', 'Facebook', 'Telegram', 'Whatsapp', 'Teams'];

describe('Canales', () => {
  it("[8] es 'Todos': los cinco encendidos; apagar uno deja los otros cuatro y encenderlos todos vuelve a [8]", async () => {
    const value = renderToggles([8]);
    expect(channel('Todos')).toBeChecked();
    for (const name of CHANNELS) expect(channel(name)).toBeChecked();

    await userEvent.click(channel('Twitter'));
    expect(value()).toEqual([1, 2, 4, 6]);
    expect(channel('Todos')).not.toBeChecked();
    expect(channel('Twitter')).not.toBeChecked();

    await userEvent.click(channel('Twitter'));
    expect(value()).toEqual([8]);
    expect(channel('Todos')).toBeChecked();
  });

  it("encender uno a uno los cinco guarda [8]; apagar 'Todos' no deja ninguno", async () => {
    const value = renderToggles([]);
    for (const name of CHANNELS.slice(0, 4)) await userEvent.click(channel(name));
    expect(value()).toEqual([0, 1, 2, 4]);
    await userEvent.click(channel('Teams'));
    expect(value()).toEqual([8]);
    await userEvent.click(channel('Todos'));
    expect(value()).toEqual([]);
  });

  it("en modo único se elige exactamente un canal, sin 'Todos'", async () => {
    const value = renderToggles([1], true);
    expect(screen.getByRole('radiogroup', { name: 'Canal de prueba' })).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Todos' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Facebook' })).toBeChecked();

    await userEvent.click(screen.getByRole('radio', { name: 'Telegram' }));
    expect(value()).toEqual([2]);
    await userEvent.click(screen.getByRole('radio', { name: 'Teams' }));
    expect(value()).toEqual([6]);
    expect(screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toHaveLength(1);
  });

  it("en la tarjeta: sin canales dice 'Seleccione al menos un canal'; lo elegido va en red", async () => {
    serveAcciones([saludo]);
    const saves = record('post', '/accion', ({ body }) => ({ ...(body as AccionBody), order: 0, rev: 1 }));
    renderAcciones();
    await findCard('Texto 1');
    await userEvent.click(screen.getByRole('button', { name: 'Editar Texto 1' }));
    await userEvent.click(inCard('Texto 1').getByRole('switch', { name: 'Todos' }));
    await userEvent.click(inCard('Texto 1').getByRole('button', { name: 'Guardar' }));
    expect(await inCard('Texto 1').findByText(SKILL_MESSAGES.canales)).toBeInTheDocument();
    expect(saves).toHaveLength(0);

    await userEvent.click(inCard('Texto 1').getByRole('switch', { name: 'Facebook' }));
    await userEvent.click(inCard('Texto 1').getByRole('switch', { name: 'Whatsapp' }));
    await userEvent.click(inCard('Texto 1').getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].body).toMatchObject({ id: 'a1', red: [1, 4] });
    expect(await inCard('Texto 1').findByText('Canales: Facebook, Whatsapp')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Editar Texto 1' }));
    for (const name of ['Twitter', 'Telegram', 'Teams']) await userEvent.click(inCard('Texto 1').getByRole('switch', { name }));
    await userEvent.click(inCard('Texto 1').getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1].body).toMatchObject({ red: [8] });
  });
});
