// The Skill tab's rules as the user meets them: each message appears in its
// case, on the input it is about, and a save with a broken rule sends nothing.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { chips, enter, guardar, lastBody, openSkill, opened, skill } from './skillSupport';

const token = (n: number) => screen.getByRole('group', { name: `Token ${n}` });
const spin = (name: string) => screen.getByRole('spinbutton', { name });
const INVALIDO = 'Debe ingresar un texto valido para ser agregado';

describe('Skill: nombre y umbral', () => {
  it("sin nombre muestra 'Campo requerido' en Nombre y no guarda", async () => {
    const { saves } = openSkill(skill('s1'));
    await opened();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Nombre' }));
    await guardar();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveAccessibleDescription('Campo requerido'));
    expect(saves).toHaveLength(0);
  });

  it("un umbral fuera de 0 a 1 dice 'El umbral debe ser un número entre 0 y 1'; el deslizador lo mueve de 0.05 en 0.05", async () => {
    const { saves } = openSkill(skill('s1'));
    await opened();
    fireEvent.change(spin('Valor del umbral'), { target: { value: '1.5' } });
    await guardar();
    await waitFor(() => expect(spin('Valor del umbral')).toHaveAccessibleDescription('El umbral debe ser un número entre 0 y 1'));
    expect(saves).toHaveLength(0);
    const slider = screen.getByRole('slider', { name: 'Umbral' });
    slider.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(spin('Valor del umbral')).toHaveValue(0.95);
    expect(spin('Valor del umbral')).not.toHaveAccessibleDescription('El umbral debe ser un número entre 0 y 1');
    await guardar();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(lastBody(saves).threshold).toBe(0.95);
  });
});

describe('Skill: frases y palabras clave (Enter agrega)', () => {
  it("Enter vacío dice 'Debe ingresar un texto valido para ser agregado' en la caja de frases y como aviso", async () => {
    openSkill(skill('s1'));
    await opened();
    const box = await enter('Nueva frase de entrenamiento', '   ');
    expect(box).toHaveAccessibleDescription(INVALIDO);
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALIDO);
    expect(screen.getByRole('textbox', { name: 'Palabra clave incluida' })).not.toHaveAccessibleDescription(INVALIDO);
    expect(chips('Frases de entrenamiento')).toHaveLength(3);
  });

  it("una frase repetida (otras mayúsculas y espacios) dice 'Esta frase ya fue agregada, ingrese una distinta' y no se agrega; una nueva sí", async () => {
    openSkill(skill('s1'));
    await opened();
    const box = await enter('Nueva frase de entrenamiento', '  Cuál es  mi SALDO ');
    expect(box).toHaveAccessibleDescription('Esta frase ya fue agregada, ingrese una distinta');
    expect(chips('Frases de entrenamiento')).toHaveLength(3);
    await userEvent.clear(box);
    await enter('Nueva frase de entrenamiento', 'saldo de  mi cuenta');
    expect(box).toHaveValue('');
    expect(box).toHaveAccessibleDescription('Escriba y presione Enter para agregar');
    expect(chips('Frases de entrenamiento')).toEqual(['cuál es mi saldo', 'quiero saber mi saldo', 'cuánto dinero tengo', 'saldo de mi cuenta']);
    expect(screen.getByText('4 frases')).toBeInTheDocument();
  });

  it("las palabras clave: repetida dice 'Esta palabra clave ya fue agregada, ingrese una distinta' en su lista; vacía, el texto no válido", async () => {
    openSkill(skill('s1'));
    await opened();
    const incluye = await enter('Palabra clave incluida', 'SALDO');
    expect(incluye).toHaveAccessibleDescription('Esta palabra clave ya fue agregada, ingrese una distinta');
    const excluye = screen.getByRole('textbox', { name: 'Palabra clave excluida' });
    expect(excluye).not.toHaveAccessibleDescription('Esta palabra clave ya fue agregada, ingrese una distinta');
    await enter('Palabra clave excluida', '');
    expect(excluye).toHaveAccessibleDescription(INVALIDO);
    // The other list may hold the same word.
    await enter('Palabra clave excluida', 'saldo');
    expect(chips('Palabras clave excluidas')).toEqual(['tarjeta', 'saldo']);
    expect(chips('Palabras clave incluidas')).toEqual(['saldo']);
  });

  it('una frase se quita con su ícono o con Suprimir sobre ella, y el foco pasa a la siguiente', async () => {
    const { saves } = openSkill(skill('s1'));
    await opened();
    const list = screen.getByRole('list', { name: 'Frases de entrenamiento' });
    const second = within(list).getByRole('button', { name: 'quiero saber mi saldo' });
    expect(second).toHaveAccessibleDescription('Las flechas recorren la lista; Suprimir o Retroceso quita el elemento elegido');
    second.focus();
    await userEvent.keyboard('{Delete}');
    expect(chips('Frases de entrenamiento')).toEqual(['cuál es mi saldo', 'cuánto dinero tengo']);
    await waitFor(() => expect(within(list).getByRole('button', { name: 'cuánto dinero tengo' })).toHaveFocus());
    fireEvent.click(within(list).getAllByTestId('CancelIcon')[0]);
    expect(chips('Frases de entrenamiento')).toEqual(['cuánto dinero tengo']);
    await guardar();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(lastBody(saves).frases).toEqual(['cuánto dinero tengo']);
  });

  it('la lista de frases es una sola parada de Tab: las flechas, Inicio y Fin recorren sus frases', async () => {
    openSkill(skill('s1'));
    await opened();
    const list = screen.getByRole('list', { name: 'Frases de entrenamiento' });
    const chip = (name: string) => within(list).getByRole('button', { name });
    screen.getByRole('button', { name: 'Frases de entrenamiento' }).focus();
    await userEvent.tab();
    expect(chip('cuál es mi saldo')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(chip('quiero saber mi saldo')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(chip('cuánto dinero tengo')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(chip('cuál es mi saldo')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('textbox', { name: 'Palabra clave incluida' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(chip('cuál es mi saldo')).toHaveFocus();
  });

  it('cientos de frases: cuenta, filtro y un tope de chips dibujados', async () => {
    const frases = Array.from({ length: 450 }, (_, i) => `frase de prueba número ${i + 1}`);
    openSkill(skill('s1', { frases }));
    await opened();
    expect(screen.getByText(/450 frases/)).toHaveTextContent('450 frases · Se muestran 200 de 450: use el filtro para encontrar las demás');
    expect(chips('Frases de entrenamiento')).toHaveLength(200);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filtrar frases' }), 'número 44');
    await waitFor(() => expect(chips('Frases de entrenamiento')).toEqual(['frase de prueba número 44', ...Array.from({ length: 10 }, (_, i) => `frase de prueba número ${440 + i}`)]));
    expect(screen.getByText('11 de 450 frases')).toBeInTheDocument();
    // A phrase removed from the filtered list is the right one.
    within(screen.getByRole('list', { name: 'Frases de entrenamiento' })).getByRole('button', { name: 'frase de prueba número 441' }).focus();
    await userEvent.keyboard('{Backspace}');
    await waitFor(() => expect(screen.getByText('10 de 449 frases')).toBeInTheDocument());
    expect(chips('Frases de entrenamiento')).not.toContain('frase de prueba número 441');
  });
});

describe('Skill: tokens', () => {
  it("Modo Token sin tokens dice 'Modo Token activo, debe ingresar mínimo uno.' y no guarda", async () => {
    const { saves } = openSkill(skill('s1', { tokens: [] }));
    await opened();
    expect(screen.getByText('Sin tokens')).toBeInTheDocument();
    await guardar();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Agregar token' })).toHaveAccessibleDescription('Modo Token activo, debe ingresar mínimo uno.'));
    expect(saves).toHaveLength(0);
    // Token mode off: no token is needed.
    await userEvent.click(screen.getByRole('switch', { name: 'Modo Token' }));
    await guardar();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(lastBody(saves)).toMatchObject({ modToken: false, tokens: [] });
  });

  it("un token sin nombre dice 'Ingrese un token'; uno repetido, 'Este token ya fue agregado, ingrese uno distinto'", async () => {
    const { saves } = openSkill(skill('s1'));
    await opened();
    await userEvent.click(screen.getByRole('button', { name: 'Agregar token' }));
    const third = within(token(3)).getByRole('textbox', { name: 'Token' });
    await waitFor(() => expect(third).toHaveFocus());
    expect(within(token(3)).getByRole('spinbutton', { name: 'Orden' })).toHaveValue(2);
    await guardar();
    await waitFor(() => expect(third).toHaveAccessibleDescription('Ingrese un token'));
    expect(within(token(1)).getByRole('textbox', { name: 'Token' })).not.toHaveAccessibleDescription('Ingrese un token');
    await userEvent.type(third, 'Saldo');
    await guardar();
    await waitFor(() => expect(third).toHaveAccessibleDescription('Este token ya fue agregado, ingrese uno distinto'));
    expect(within(token(1)).getByRole('textbox', { name: 'Token' })).not.toHaveAccessibleDescription('Este token ya fue agregado, ingrese uno distinto');
    expect(saves).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Quitar token 3' }));
    expect(screen.queryByRole('group', { name: 'Token 3' })).not.toBeInTheDocument();
    await guardar();
    await waitFor(() => expect(saves).toHaveLength(1));
  });

  it("un sinónimo repetido, o igual al nombre del token, dice 'Este sinónimo ya fue agregado, ingrese uno distinto'", async () => {
    openSkill(skill('s1'));
    await opened();
    const box = await enter('Nuevo sinónimo', 'Balance', within(token(1)));
    expect(box).toHaveAccessibleDescription('Este sinónimo ya fue agregado, ingrese uno distinto');
    await userEvent.clear(box);
    await enter('Nuevo sinónimo', 'saldo', within(token(1)));
    expect(box).toHaveAccessibleDescription('Este sinónimo ya fue agregado, ingrese uno distinto');
    expect(within(token(2)).getByRole('textbox', { name: 'Nuevo sinónimo' })).not.toHaveAccessibleDescription('Este sinónimo ya fue agregado, ingrese uno distinto');
    // Another token may use it.
    await enter('Nuevo sinónimo', 'balance', within(token(2)));
    expect(chips('Sinónimos (Token 2)')).toEqual(['balance']);
    expect(chips('Sinónimos (Token 1)')).toEqual(['balance', 'dinero']);
  });

  it("dos tokens seguidos (por orden) que son requerimiento dicen 'Requerimientos no pueden ser tokens contiguos.'", async () => {
    const { saves } = openSkill(skill('s1'));
    await opened();
    await userEvent.click(within(token(1)).getByRole('switch', { name: 'Requerimiento' }));
    await guardar();
    const second = within(token(2)).getByRole('switch', { name: 'Requerimiento' });
    await waitFor(() => expect(second).toHaveAccessibleDescription('Requerimientos no pueden ser tokens contiguos.'));
    expect(within(token(1)).getByRole('switch', { name: 'Requerimiento' })).not.toHaveAccessibleDescription('Requerimientos no pueden ser tokens contiguos.');
    expect(saves).toHaveLength(0);
    // A token between them (order 1) separates them.
    await userEvent.click(screen.getByRole('button', { name: 'Agregar token' }));
    await userEvent.type(within(token(3)).getByRole('textbox', { name: 'Token' }), 'monto');
    const order = within(token(2)).getByRole('spinbutton', { name: 'Orden' });
    await userEvent.clear(order);
    await userEvent.type(order, '3');
    await guardar();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect((lastBody(saves).tokens as Array<{ nm: string; req: boolean; order: number }>).map(({ nm, req, order: o }) => [nm, req, o])).toEqual([
      ['saldo', true, 0],
      ['cuenta', true, 3],
      ['monto', false, 2],
    ]);
  });
});

describe('Skill: KB y adjuntos', () => {
  it("en Modo KB sin tags dice 'Seleccione mínimo 1 tag'; 't0' es el tag global", async () => {
    const { saves } = openSkill(skill('s1'));
    await opened();
    const list = screen.getByRole('list', { name: 'Tags de la KB' });
    within(list).getByRole('button', { name: 'cuentas' }).focus();
    await userEvent.keyboard('{Delete}');
    within(list).getByRole('button', { name: 'Global (t0)' }).focus();
    await userEvent.keyboard('{Delete}');
    expect(chips('Tags de la KB')).toEqual([]);
    await guardar();
    const box = screen.getByRole('textbox', { name: 'Nuevo tag' });
    await waitFor(() => expect(box).toHaveAccessibleDescription('Seleccione mínimo 1 tag'));
    expect(saves).toHaveLength(0);
    await enter('Nuevo tag', 't0');
    expect(chips('Tags de la KB')).toEqual(['Global (t0)']);
    await guardar();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(lastBody(saves).tagsKb).toEqual(['t0']);
  });

  it("un skill QnA (tipo 2) pide tags aunque Modo KB esté apagado", async () => {
    const { saves } = openSkill(skill('s1', { tipo: 2, modKb: false, tagsKb: [] }));
    await opened();
    expect(screen.getByRole('combobox', { name: 'Tipo' })).toHaveTextContent('QnA');
    await guardar();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Nuevo tag' })).toHaveAccessibleDescription('Seleccione mínimo 1 tag'));
    expect(saves).toHaveLength(0);
  });

  it('los adjuntos: 1 a 5 archivos, 1 a 5 MB y al menos un tipo, cada mensaje en su campo', async () => {
    const { saves } = openSkill(skill('s1'));
    await opened();
    fireEvent.change(spin('Cantidad máxima de archivos'), { target: { value: '6' } });
    fireEvent.change(spin('Tamaño máximo por archivo (MB)'), { target: { value: '0' } });
    const types = screen.getByRole('group', { name: 'Tipos de archivo' });
    await userEvent.click(within(types).getByRole('checkbox', { name: 'pdf' }));
    await userEvent.click(within(types).getByRole('checkbox', { name: 'xlsx' }));
    await guardar();
    await waitFor(() => expect(spin('Cantidad máxima de archivos')).toHaveAccessibleDescription('La cantidad máxima de archivos debe estar entre 1 y 5'));
    expect(spin('Tamaño máximo por archivo (MB)')).toHaveAccessibleDescription('El tamaño máximo por archivo debe estar entre 1 y 5 MB');
    expect(within(types).getByText('Seleccione al menos un tipo de archivo')).toBeInTheDocument();
    expect(saves).toHaveLength(0);

    fireEvent.change(spin('Cantidad máxima de archivos'), { target: { value: '5' } });
    fireEvent.change(spin('Tamaño máximo por archivo (MB)'), { target: { value: '1' } });
    await userEvent.click(within(types).getByRole('checkbox', { name: 'txt' }));
    await guardar();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(lastBody(saves)).toMatchObject({ hasAttachments: true, attachmentMaxCount: 5, attachmentMaxSize: 1, attachmentTypes: ['txt'] });
  });

  it('sin adjuntos no se muestran sus campos ni se exigen', async () => {
    const { saves } = openSkill(skill('s1', { hasAttachments: false, attachmentMaxCount: 9, attachmentTypes: [] }));
    await opened();
    expect(screen.queryByRole('spinbutton', { name: 'Cantidad máxima de archivos' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Recibe archivos adjuntos' }));
    expect(spin('Cantidad máxima de archivos')).toHaveValue(9);
    await userEvent.click(screen.getByRole('switch', { name: 'Recibe archivos adjuntos' }));
    await guardar();
    await waitFor(() => expect(saves).toHaveLength(1));
  });
});
