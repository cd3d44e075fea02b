// 'Frases de entrenamiento': phrases from a .txt or from the
// server's greetings, checked one by one, sent to POST /skill.frases; the form shows them without
// losing what was typed and takes the new rev.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Skill } from '../../../src/api/skills';
import { record, type Call } from '../resources/support';
import { chips, enter, guardar, lastBody, openSkill, opened, skill } from './skillSupport';

/** POST /skill.frases like the server: the lines merged into the stored phrases, rev + 1 (or `rev`). */
function serveAdd(stored: Skill, rev = stored.rev + 1): Call[] {
  return record('post', '/skill.frases', ({ body }) => {
    const lines = body as string[];
    const frases = [...stored.frases, ...lines.filter((line) => !stored.frases.includes(line))];
    const added = frases.length - stored.frases.length;
    return { message: `Agregadas con éxito: ${added} ${added === 1 ? 'frase' : 'frases'}`, added, frases, rev };
  });
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Frases de entrenamiento' }));
  return screen.findByRole('dialog', { name: 'Frases de entrenamiento' });
}

const found = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('group', { name: 'Frases encontradas' })).getAllByRole('checkbox').slice(1).map((box) => [box.closest('label')?.textContent, (box as HTMLInputElement).checked]);

const agregar = (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: 'Agregar' }));

describe("'Frases de entrenamiento': archivo", () => {
  it('ofrece Subir archivo, Saludos, Despedidas e Insultos; el archivo acepta .txt', async () => {
    openSkill(skill('s1'));
    await opened();
    const dialog = await openDialog();
    const origin = within(dialog).getByRole('radiogroup');
    expect(within(origin).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Subir archivo', 'Saludos', 'Despedidas', 'Insultos']);
    expect(within(dialog).getByRole('radio', { name: 'Subir archivo' })).toBeChecked();
    expect(within(dialog).getByLabelText('Archivo de texto (.txt), una frase por línea')).toHaveAttribute('accept', '.txt,text/plain');
  });

  it("sin archivo, 'Agregar' dice 'seleccione un archivo' y no envía nada", async () => {
    openSkill(skill('s1'));
    const adds = serveAdd(skill('s1'));
    await opened();
    const dialog = await openDialog();
    await agregar(dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('seleccione un archivo');
    expect(within(dialog).getByLabelText('Archivo de texto (.txt), una frase por línea')).toHaveAccessibleDescription('seleccione un archivo');
    expect(adds).toHaveLength(0);
  });

  it("un archivo binario dice 'no se puede leer el archivo'", async () => {
    openSkill(skill('s1'));
    const adds = serveAdd(skill('s1'));
    await opened();
    const dialog = await openDialog();
    const pdf = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x00, 0x0a, 0x01, 0x02, 0xff])], 'frases.txt', { type: 'text/plain' });
    await userEvent.upload(within(dialog).getByLabelText('Archivo de texto (.txt), una frase por línea'), pdf);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('no se puede leer el archivo');
    expect(within(dialog).queryByRole('group', { name: 'Frases encontradas' })).not.toBeInTheDocument();
    await agregar(dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('no se puede leer el archivo');
    expect(adds).toHaveLength(0);
  });

  it('un .txt da una frase por línea, todas marcadas; envía las marcadas con el rev y las suma a lo escrito sin guardar', async () => {
    const stored = skill('s1');
    const { saves } = openSkill(stored);
    const adds = serveAdd(stored);
    await opened();
    // Typed and not saved: it stays.
    await enter('Nueva frase de entrenamiento', 'mi saldo por favor');
    const dialog = await openDialog();
    const file = new File(['\uFEFFsaldo de ahorros\r\n\r\n  ver mi saldo  \r\nCuál es mi saldo\r\nsaldo de ahorros\r\n'], 'frases.txt', { type: 'text/plain' });
    await userEvent.upload(within(dialog).getByLabelText('Archivo de texto (.txt), una frase por línea'), file);
    await within(dialog).findByRole('group', { name: 'Frases encontradas' });
    expect(found(dialog)).toEqual([
      ['saldo de ahorros', true],
      ['ver mi saldo', true],
      ['Cuál es mi saldo', true],
    ]);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Cuál es mi saldo' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Seleccionar todas (2 de 3)' })).toHaveAttribute('data-indeterminate', 'true');
    await agregar(dialog);
    expect(await screen.findByText('Agregadas con éxito: 2 frases')).toBeInTheDocument();
    expect(adds.map((call) => call.url.search)).toEqual(['?id=s1&rev=7']);
    expect(adds[0].body).toEqual(['saldo de ahorros', 'ver mi saldo']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(chips('Frases de entrenamiento')).toEqual(['cuál es mi saldo', 'quiero saber mi saldo', 'cuánto dinero tengo', 'mi saldo por favor', 'saldo de ahorros', 'ver mi saldo']);
    // The next save sends the new rev and everything.
    await guardar();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(lastBody(saves)).toMatchObject({ rev: 8, frases: ['cuál es mi saldo', 'quiero saber mi saldo', 'cuánto dinero tengo', 'mi saldo por favor', 'saldo de ahorros', 'ver mi saldo'] });
  });

  it('un .txt en ANSI (Windows-1252) se lee con sus acentos', async () => {
    openSkill(skill('s1'));
    await opened();
    const dialog = await openDialog();
    // 'añadir depósito' in Windows-1252: ñ = 0xf1, ó = 0xf3.
    const bytes = Uint8Array.from([...'a', 0xf1, ...'adir dep', 0xf3, ...'sito'].map((c) => (typeof c === 'string' ? c.charCodeAt(0) : c)));
    await userEvent.upload(within(dialog).getByLabelText('Archivo de texto (.txt), una frase por línea'), new File([bytes], 'ansi.txt', { type: 'text/plain' }));
    await within(dialog).findByRole('group', { name: 'Frases encontradas' });
    expect(found(dialog)).toEqual([['añadir depósito', true]]);
  });
});

describe("'Frases de entrenamiento': saludos", () => {
  it('los saludos del servidor se marcan todos; sin ninguna marcada dice "Seleccione frases"; Agregar envía y avisa cuántas', async () => {
    const stored = skill('s1');
    openSkill(stored);
    const presets = record('get', '/skill.frases', () => ({ tipo: 'saludos', frases: ['hola', 'buenos días', 'buenas tardes'] }));
    const adds = serveAdd(stored);
    await opened();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Saludos' }));
    await within(dialog).findByRole('group', { name: 'Frases encontradas' });
    expect(presets.map((call) => call.url.search)).toEqual(['?id=s1&tipo=saludos']);
    expect(found(dialog)).toEqual([
      ['hola', true],
      ['buenos días', true],
      ['buenas tardes', true],
    ]);
    expect(within(dialog).queryByLabelText('Archivo de texto (.txt), una frase por línea')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Seleccionar todas (3 de 3)' }));
    expect(found(dialog).every(([, checked]) => !checked)).toBe(true);
    await agregar(dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Seleccione frases');
    expect(adds).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Seleccionar todas (0 de 3)' }));
    await agregar(dialog);
    expect(await screen.findByText('Agregadas con éxito: 3 frases')).toBeInTheDocument();
    expect(adds[0].body).toEqual(['hola', 'buenos días', 'buenas tardes']);
    expect(chips('Frases de entrenamiento')).toEqual(['cuál es mi saldo', 'quiero saber mi saldo', 'cuánto dinero tengo', 'hola', 'buenos días', 'buenas tardes']);
    // Stored by the server: nothing pending (a phrase typed and removed again changes nothing), so
    // switching tab does not warn.
    await enter('Nueva frase de entrenamiento', 'temporal');
    within(screen.getByRole('list', { name: 'Frases de entrenamiento' })).getByRole('button', { name: 'temporal' }).focus();
    await userEvent.keyboard('{Delete}');
    await userEvent.click(screen.getByRole('tab', { name: 'Memoria' }));
    await screen.findByText('Memoria', { selector: '#skill-tab-memoria *' });
    expect(screen.queryByText('Existen cambios pendientes de guardar')).not.toBeInTheDocument();
  });

  it('si otra persona guardó el skill entre medio (rev no es el siguiente), el form conserva su rev', async () => {
    const stored = skill('s1');
    const { saves } = openSkill(stored);
    record('get', '/skill.frases', () => ({ tipo: 'despedidas', frases: ['adiós'] }));
    serveAdd(stored, 10);
    await opened();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Despedidas' }));
    await within(dialog).findByRole('group', { name: 'Frases encontradas' });
    await agregar(dialog);
    expect(await screen.findByText('Agregadas con éxito: 1 frase')).toBeInTheDocument();
    await guardar();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(lastBody(saves).rev).toBe(7);
  });

  it('un error del servidor al agregar se muestra en el modal, que queda abierto', async () => {
    openSkill(skill('s1'));
    record('get', '/skill.frases', () => ({ tipo: 'insultos', frases: ['tonto'] }));
    record('post', '/skill.frases', () => HttpResponse.json({ message: 'Otra persona modificó este registro. Recargue para ver sus cambios antes de guardar.' }, { status: 409 }));
    await opened();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Insultos' }));
    await within(dialog).findByRole('group', { name: 'Frases encontradas' });
    await agregar(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Otra persona modificó este registro.');
    expect(screen.getByRole('dialog', { name: 'Frases de entrenamiento' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(chips('Frases de entrenamiento')).toHaveLength(3);
  });
});
