// The QnA dialog: tabs Skill and (once saved) Acciones, its rules, what Guardar sends, a refused
// save, and a tag created by typing its name.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { skill } from '../skills/skillSupport';
import { record } from '../resources/support';
import { openQnas } from './qnaSupport';

async function agregar() {
  await userEvent.click(await screen.findByRole('button', { name: 'Agregar QnA' }));
  return screen.findByRole('dialog', { name: 'Nueva QnA' });
}

const saveAnswer = ({ body }: { body: unknown }) => ({ ...skill('q9'), ...(body as object), id: 'q9', rev: 1 });

describe('Diálogo de QnA', () => {
  it("Agregar QnA: 'Campo requerido' y 'Seleccione mínimo 1 tag'; Guardar envía POST /skill de tipo 2; luego aparece Acciones", async () => {
    openQnas(1);
    const saves = record('post', '/skill', saveAnswer);
    record('get', '/acciones', () => []);
    const dialog = await agregar();
    expect(within(dialog).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Skill']);
    const tagsBox = within(dialog).getByRole('combobox', { name: 'Tags' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Global' })).toBeInTheDocument());
    await userEvent.click(tagsBox);
    await userEvent.keyboard('{Backspace}{Escape}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Campo requerido')).toBeInTheDocument();
    expect(within(dialog).getByText('Seleccione mínimo 1 tag')).toBeInTheDocument();
    expect(saves).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), '¿Cómo bloqueo mi tarjeta?');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Variante de la pregunta' }), 'perdí mi tarjeta{Enter}');
    await userEvent.click(tagsBox);
    await userEvent.click(await screen.findByRole('option', { name: 'Tarjetas' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(saves[0].body).toMatchObject({ idBot: 'jedai', nm: '¿Cómo bloqueo mi tarjeta?', tipo: 2, frases: ['perdí mi tarjeta'], tagsKb: ['t1'], modKb: false, threshold: 0.5 });
    expect(saves[0].body).not.toHaveProperty('id');

    const saved = await screen.findByRole('dialog', { name: 'QnA: ¿Cómo bloqueo mi tarjeta?' });
    await userEvent.click(within(saved).getByRole('tab', { name: 'Acciones' }));
    expect(await within(saved).findByText('Este skill todavía no tiene acciones.')).toBeInTheDocument();
  });

  it('un 400 muestra el mensaje del servidor en su campo y conserva lo escrito', async () => {
    openQnas(1);
    record('post', '/skill', () => HttpResponse.json({ message: 'Ya existe una QnA con ese nombre', field: 'nm' }, { status: 400 }));
    const dialog = await agregar();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Horario');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Variante de la pregunta' }), 'a qué hora abren{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Nombre' })).toHaveAccessibleDescription('Ya existe una QnA con ese nombre'));
    expect(within(dialog).getByRole('textbox', { name: 'Nombre' })).toHaveValue('Horario');
    expect(within(dialog).getByRole('list', { name: 'Variantes de la pregunta' })).toHaveTextContent('a qué hora abren');
  });

  it("un tag nuevo se crea escribiendo su nombre y presionando Enter (POST /tag-kb), o con 'Crear «x»'", async () => {
    openQnas(1);
    const created = record('post', '/tag-kb', ({ body }) => ({ sg: (body as { nm: string }).nm === 'Seguros' ? 't9' : 't10', nm: (body as { nm: string }).nm }));
    const saves = record('post', '/skill', saveAnswer);
    const dialog = await agregar();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Póliza');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Tags' }), 'Seguros{Enter}');
    expect(await within(dialog).findByRole('button', { name: 'Seguros' })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Tags' }), 'Vida');
    await userEvent.click(await screen.findByRole('option', { name: 'Crear «Vida»' }));
    expect(await within(dialog).findByRole('button', { name: 'Vida' })).toBeInTheDocument();
    expect(created.map((call) => call.body)).toEqual([{ idBot: 'jedai', nm: 'Seguros' }, { idBot: 'jedai', nm: 'Vida' }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect((saves[0].body as { tagsKb: string[] }).tagsKb).toEqual(['t0', 't9', 't10']);
  });

  it('una fila abre su QnA (GET /skill?id) con Skill y Acciones', async () => {
    openQnas(1);
    const reads = record('get', '/skill', () => skill('q1', { nm: 'Pregunta 1', tipo: 2, tagsKb: ['t2'], frases: ['variante uno'] }));
    await userEvent.click(await screen.findByText('Pregunta 1'));
    const dialog = await screen.findByRole('dialog', { name: 'QnA: Pregunta 1' });
    expect(reads.map((call) => call.url.search)).toEqual(['?id=q1']);
    expect(within(dialog).getByRole('textbox', { name: 'Nombre' })).toHaveValue('Pregunta 1');
    expect(within(dialog).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Skill', 'Acciones']);
    expect(await within(dialog).findByRole('button', { name: 'Cuentas' })).toBeInTheDocument();
  });
});
