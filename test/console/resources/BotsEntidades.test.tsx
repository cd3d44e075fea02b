// The Entidades tab of /bot/{id} (isBotEdit only): the bot's
// entities, their editor (regex or keywords added with Enter), the server's regex message, the
// confirmed delete and the internal entities, read-only.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Entidad } from '../../../src/api/bots';
import { bot, compania, skills } from './botSupport';
import { record, renderAdmin } from './support';

function entidad(id: string, extra: Partial<Entidad> = {}): Entidad {
  return { id, idBot: 'b1', nm: `entidad${id}`, dsc: null, rgx: false, format: null, keywords: [], type: null, paths: [], ...extra };
}

const internas = [
  { id: 'email', nm: 'Correo electrónico', dsc: 'Una dirección de correo' },
  { id: 'phone', nm: 'Teléfono', dsc: 'Un número de teléfono' },
];

async function openEntidades(rows: Entidad[]) {
  record('get', '/bot', () => bot('b1'));
  record('get', '/skills', () => skills);
  const lists = record('get', '/entity', () => rows);
  record('get', '/entity/internal/list', () => internas);
  renderAdmin('/bot/b1', compania);
  await userEvent.click(await screen.findByRole('tab', { name: 'Entidades' }));
  return lists;
}

describe('Pestaña Entidades', () => {
  it('lista las entidades del bot (GET /entity?botId) y debajo las internas, solo para leer', async () => {
    const lists = await openEntidades([entidad('e1', { nm: 'ciudad', dsc: 'Ciudades del Perú', keywords: ['Lima', 'Cusco'] }), entidad('e2', { nm: 'placa', rgx: true, format: '[A-Z]{3}-\\d{3}' })]);
    const table = await screen.findByRole('table', { name: 'Entidades' });
    expect(within(table).getByText('ciudad').closest('tr')).toHaveTextContent('ciudadCiudades del PerúPalabras clave');
    expect(within(table).getByText('placa').closest('tr')).toHaveTextContent('Expresión regular');
    expect(lists[0].url.searchParams.get('botId')).toBe('b1');
    const internal = await screen.findByRole('table', { name: 'Entidades internas' });
    expect(within(internal).getByText('Correo electrónico')).toBeInTheDocument();
    expect(within(internal).getByText('Teléfono')).toBeInTheDocument();
    expect(within(internal).queryByRole('button')).not.toBeInTheDocument();
  });

  it("una entidad nueva sin nombre muestra 'Campo requerido'; las palabras clave se agregan con Enter, sin repetirse, y se pueden quitar", async () => {
    await openEntidades([]);
    const saves = record('post', '/entity', ({ body }) => entidad('e9', body as Partial<Entidad>));
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva Entidad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Entidad' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByRole('textbox', { name: 'Nombre' })).toHaveAccessibleDescription('Campo requerido');
    expect(saves).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'ciudad');
    const keyword = within(dialog).getByRole('textbox', { name: 'Palabra clave' });
    await userEvent.type(keyword, 'Lima{Enter}Cusco{Enter}lima{Enter}');
    expect(keyword).toHaveAccessibleDescription('Esta palabra clave ya fue agregada, ingrese una distinta');
    await userEvent.clear(keyword);
    await userEvent.type(keyword, 'Arequipa{Enter}');
    const chips = within(dialog).getByRole('list', { name: 'Palabras clave agregadas' });
    expect(within(chips).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Lima', 'Cusco', 'Arequipa']);
    await userEvent.click(within(within(chips).getAllByRole('listitem')[1]).getByTestId('CancelIcon'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(saves[0].body).toEqual({ idBot: 'b1', nm: 'ciudad', dsc: null, rgx: false, format: null, keywords: ['Lima', 'Arequipa'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('con expresión regular envía el formato y muestra bajo el campo el 400 del servidor', async () => {
    await openEntidades([entidad('e2', { nm: 'placa', rgx: false, keywords: ['ABC-123'] })]);
    const saves = record('post', '/entity', () => HttpResponse.json({ message: 'Expresión regular no válida: Unterminated character class' }, { status: 400 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Editar placa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Entidad' });
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Usar expresión regular' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Palabra clave' })).not.toBeInTheDocument();
    const format = within(dialog).getByRole('textbox', { name: 'Expresión regular' });
    await userEvent.click(format);
    await userEvent.paste('[A-Z{3}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(format).toHaveAccessibleDescription('Expresión regular no válida: Unterminated character class'));
    expect(saves[0].body).toEqual({ id: 'e2', idBot: 'b1', nm: 'placa', dsc: null, rgx: true, format: '[A-Z{3}', keywords: [] });
    expect(screen.getByRole('dialog', { name: 'Editar Entidad' })).toBeInTheDocument();
  });

  it('borrar una entidad pide confirmación y envía DELETE /entity/{id}', async () => {
    const lists = await openEntidades([entidad('e1', { nm: 'ciudad' })]);
    const deletes = record('delete', '/entity/:id', () => ({ id: 'e1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar ciudad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Borrar Entidad' });
    expect(within(dialog).getByText('¿Seguro desea borrar la entidad ciudad?')).toBeInTheDocument();
    expect(deletes).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Si' }));
    expect(await screen.findByText('Eliminado con éxito')).toBeInTheDocument();
    expect(deletes.map((call) => call.url.pathname)).toEqual(['/api/entity/e1']);
    await waitFor(() => expect(lists.length).toBeGreaterThan(1));
  });
});
