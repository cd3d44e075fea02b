// The skill editor (/skill/{id}): what GET /skill shows, save, a
// server's refusal (400 naming a field, 409), the tabs, unsaved changes and a user without isBotEdit.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { record } from '../resources/support';
import { chips, enter, guardar, lastBody, openSkill, opened, skill, usuarioBots } from './skillSupport';

const field = (name: string) => screen.getByRole('textbox', { name });
const toggle = (name: string) => screen.getByRole('switch', { name });
const token = (n: number) => screen.getByRole('group', { name: `Token ${n}` });

afterEach(() => vi.restoreAllMocks());

describe('Editor de skill: lo que muestra', () => {
  it('abre /skill/s1 con cada campo de GET /skill', async () => {
    const { reads } = openSkill(skill('s1'));
    await opened();
    expect(reads.map((call) => call.url.search)).toEqual(['?id=s1']);
    expect(field('Nombre')).toHaveValue('Consultar saldo');
    expect(field('Descripción')).toHaveValue('Responde el saldo de la cuenta');
    expect(screen.getByRole('combobox', { name: 'Tipo' })).toHaveTextContent('Business');
    expect(toggle('Modo palabras clave (PoS Tagger)')).toBeChecked();
    expect(toggle('Requiere inicio de sesión')).toBeChecked();
    expect(screen.getByRole('slider', { name: 'Umbral' })).toHaveValue('0.65');
    expect(screen.getByRole('spinbutton', { name: 'Valor del umbral' })).toHaveValue(0.65);
    expect(screen.getByRole('radio', { name: 'Basta con uno (OR)' })).toBeChecked();
    expect(chips('Frases de entrenamiento')).toEqual(['cuál es mi saldo', 'quiero saber mi saldo', 'cuánto dinero tengo']);
    expect(screen.getByText('3 frases')).toBeInTheDocument();
    expect(chips('Palabras clave incluidas')).toEqual(['saldo']);
    expect(chips('Palabras clave excluidas')).toEqual(['tarjeta']);

    expect(toggle('Modo Token')).toBeChecked();
    expect(toggle('Respetar el orden de los tokens')).not.toBeChecked();
    expect(within(token(1)).getByRole('textbox', { name: 'Token' })).toHaveValue('saldo');
    expect(chips('Sinónimos (Token 1)')).toEqual(['balance', 'dinero']);
    expect(within(token(1)).getByRole('switch', { name: 'Obligatorio' })).toBeChecked();
    expect(within(token(1)).getByRole('switch', { name: 'Requerimiento' })).not.toBeChecked();
    expect(within(token(2)).getByRole('textbox', { name: 'Token' })).toHaveValue('cuenta');
    expect(within(token(2)).getByRole('spinbutton', { name: 'Orden' })).toHaveValue(1);
    expect(within(token(2)).getByRole('switch', { name: 'Requerimiento' })).toBeChecked();
    expect(within(token(2)).getByRole('switch', { name: 'Único' })).toBeChecked();

    expect(toggle('Modo KB')).toBeChecked();
    expect(chips('Tags de la KB')).toEqual(['Global (t0)', 'cuentas']);
    expect(toggle('Listar las respuestas de la KB')).toBeChecked();
    expect(toggle('Exigir todos los tags (AND)')).not.toBeChecked();
    expect(await screen.findByRole('combobox', { name: 'Skill del menú de resultados' })).toHaveTextContent('Menú de resultados');

    expect(toggle('Recibe archivos adjuntos')).toBeChecked();
    expect(toggle('Adjuntos obligatorios')).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Cantidad máxima de archivos' })).toHaveValue(3);
    expect(screen.getByRole('spinbutton', { name: 'Tamaño máximo por archivo (MB)' })).toHaveValue(2);
    const types = screen.getByRole('group', { name: 'Tipos de archivo' });
    const checked = within(types).getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked);
    expect(checked.map((box) => box.closest('label')?.textContent)).toEqual(['pdf', 'xlsx']);
    expect(within(types).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['pdf', 'jpg', 'jpeg', 'bmp', 'msg', 'xls', 'xlsx', 'eml', 'txt']);
  });

  it("el menú de resultados elige entre los demás skills del bot (GET /skills?idBot) o 'Ninguno'", async () => {
    openSkill(skill('s1'));
    await opened();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Skill del menú de resultados' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Ninguno', 'Saludo', 'Menú de resultados']);
  });

  it('las pestañas son Skill, Acciones, Requerimientos y Memoria; Atrás vuelve al bot; Probar Skill está en la barra', async () => {
    openSkill(skill('s1'));
    await opened();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Skill', 'Acciones', 'Requerimientos', 'Memoria']);
    expect(screen.getByRole('link', { name: 'Atrás' })).toHaveAttribute('href', '/bot/b1');
    expect(screen.getByRole('button', { name: 'Probar Skill' })).toBeEnabled();
  });
});

describe('Editor de skill: guardar', () => {
  it("guarda con POST /skill lo escrito y su rev, dice 'Guardado con éxito' y toma la respuesta", async () => {
    const { saves } = openSkill(skill('s1'));
    await opened();
    await userEvent.clear(field('Descripción'));
    await userEvent.type(field('Descripción'), 'Saldo de ahorros');
    await enter('Palabra clave excluida', 'préstamo');
    await userEvent.click(screen.getByRole('radio', { name: 'Deben cumplirse todos (AND)' }));
    await guardar();
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(lastBody(saves)).toMatchObject({
      id: 's1',
      idBot: 'b1',
      nm: 'Consultar saldo',
      dsc: 'Saldo de ahorros',
      keywordExcluye: ['tarjeta', 'préstamo'],
      opReq: 'AND',
      threshold: 0.65,
      tokens: skill('s1').tokens,
      rev: 7,
    });
    expect(lastBody(saves)).not.toHaveProperty('fc');
    expect(window.location.pathname).toBe('/skill/s1');
    // The next save sends the answer's rev.
    await guardar();
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(lastBody(saves).rev).toBe(8);
  });

  it('un 400 con field marca ese campo con el mensaje del servidor y conserva lo escrito', async () => {
    openSkill(skill('s1'));
    await opened();
    record('post', '/skill', () => HttpResponse.json({ message: 'Ya existe un token con ese nombre en otro skill', field: 'tokens.1.nm' }, { status: 400 }));
    await userEvent.clear(field('Descripción'));
    await userEvent.type(field('Descripción'), 'Escrito antes');
    await guardar();
    expect(await screen.findByText('Ya existe un token con ese nombre en otro skill', { selector: '[role="alert"] *, [role="alert"]' })).toBeInTheDocument();
    expect(within(token(2)).getByRole('textbox', { name: 'Token' })).toHaveAccessibleDescription('Ya existe un token con ese nombre en otro skill');
    expect(field('Descripción')).toHaveValue('Escrito antes');
  });

  it('un 400 sobre una frase marca la lista de frases', async () => {
    openSkill(skill('s1'));
    await opened();
    record('post', '/skill', () => HttpResponse.json({ message: 'Esta frase ya fue agregada, ingrese una distinta', field: 'frases.2' }, { status: 400 }));
    await guardar();
    await waitFor(() => expect(field('Nueva frase de entrenamiento')).toHaveAccessibleDescription('Esta frase ya fue agregada, ingrese una distinta'));
  });

  it('un 409 (otra persona guardó antes) muestra su mensaje y conserva lo escrito', async () => {
    const stale = 'Otra persona modificó este registro. Recargue para ver sus cambios antes de guardar.';
    openSkill(skill('s1'));
    await opened();
    record('post', '/skill', () => HttpResponse.json({ message: stale }, { status: 409 }));
    await userEvent.clear(field('Nombre'));
    await userEvent.type(field('Nombre'), 'Saldo y movimientos');
    await enter('Nueva frase de entrenamiento', 'mis movimientos');
    await guardar();
    expect(await screen.findByText(stale)).toBeInTheDocument();
    expect(field('Nombre')).toHaveValue('Saldo y movimientos');
    expect(chips('Frases de entrenamiento')).toContain('mis movimientos');
  });
});

describe('Editor de skill: pestañas y cambios sin guardar', () => {
  it("cambiar de pestaña con cambios sin guardar avisa 'Existen cambios pendientes de guardar' y conserva lo escrito", async () => {
    openSkill(skill('s1'));
    await opened();
    await userEvent.click(screen.getByRole('tab', { name: 'Requerimientos' }));
    expect(screen.queryByText('Existen cambios pendientes de guardar')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Skill' }));
    await enter('Nueva frase de entrenamiento', 'saldo disponible');
    await userEvent.click(screen.getByRole('tab', { name: 'Acciones' }));
    expect(await screen.findByText('Existen cambios pendientes de guardar')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Acciones' })).toHaveAttribute('aria-selected', 'true');
    // The tabs once opened stay mounted, hidden.
    const requerimientos = document.getElementById('skill-tab-requerimientos')!;
    expect(requerimientos).not.toBeVisible();
    expect(within(requerimientos).getByText('Requerimientos')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Skill' }));
    expect(chips('Frases de entrenamiento')).toContain('saldo disponible');
  });

  it("salir con cambios sin guardar pregunta '¿Seguro deseas salir sin guardar tus cambios?'", async () => {
    openSkill(skill('s1'));
    await opened();
    await enter('Palabra clave incluida', 'ahorros');
    await userEvent.click(screen.getByRole('link', { name: 'Atrás' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Seguro deseas salir sin guardar tus cambios?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.pathname).toBe('/skill/s1');
    expect(chips('Palabras clave incluidas')).toEqual(['saldo', 'ahorros']);
  });
});

describe('Editor de skill: usuario sin isBotEdit', () => {
  it('solo cambia frases y palabras clave; lo demás se ve sin poder cambiarse', async () => {
    const { saves } = openSkill(skill('s1'), usuarioBots);
    await opened();
    expect(screen.getByText('Su usuario solo puede cambiar las frases de entrenamiento y las palabras clave de este skill.')).toBeInTheDocument();
    expect(field('Nombre')).toHaveAttribute('readonly');
    expect(field('Descripción')).toHaveAttribute('readonly');
    expect(screen.getByRole('spinbutton', { name: 'Valor del umbral' })).toHaveAttribute('readonly');
    expect(screen.getByRole('slider', { name: 'Umbral' })).toBeDisabled();
    for (const name of ['Modo palabras clave (PoS Tagger)', 'Requiere inicio de sesión', 'Modo Token', 'Modo KB', 'Recibe archivos adjuntos']) expect(toggle(name)).toBeDisabled();
    expect(within(token(1)).getByRole('textbox', { name: 'Token' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Agregar token' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Quitar token 1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Nuevo sinónimo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Nuevo tag' })).not.toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Cantidad máxima de archivos' })).toHaveAttribute('readonly');
    expect(within(screen.getByRole('group', { name: 'Tipos de archivo' })).getAllByRole('checkbox')[0]).toBeDisabled();

    await enter('Nueva frase de entrenamiento', 'ver mi saldo');
    await enter('Palabra clave incluida', 'ahorros');
    await enter('Palabra clave excluida', 'crédito');
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    await guardar();
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(lastBody(saves)).toMatchObject({
      frases: ['cuál es mi saldo', 'quiero saber mi saldo', 'cuánto dinero tengo', 'ver mi saldo'],
      keywordIncluye: ['saldo', 'ahorros'],
      keywordExcluye: ['tarjeta', 'crédito'],
      rev: 7,
    });
  });
});
