// The skill editor's pure parts: the rules' problems as react-admin's errors object (where each
// message shows) and the reading of a phrase file.
import { describe, expect, it } from 'vitest';
import { decodeText, readPhraseFile } from '../../../src/resources/skills/phraseFile';
import { inputPath, problemsToErrors, validateSkillForm } from '../../../src/resources/skills/skillModel';

describe('problemsToErrors', () => {
  it('anida cada mensaje por su ruta; una frase o un sinónimo se muestran en su lista', () => {
    expect(
      problemsToErrors([
        { field: 'nm', message: 'Campo requerido' },
        { field: 'tokens.1.nm', message: 'Ingrese un token' },
        { field: 'tokens.0.sinonimos.2', message: 'Este sinónimo ya fue agregado, ingrese uno distinto' },
        { field: 'frases.4', message: 'Esta frase ya fue agregada, ingrese una distinta' },
        { field: 'frases.7', message: 'Debe ingresar un texto valido para ser agregado' },
      ]),
    ).toEqual({
      nm: 'Campo requerido',
      tokens: [{ sinonimos: 'Este sinónimo ya fue agregado, ingrese uno distinto' }, { nm: 'Ingrese un token' }],
      frases: 'Esta frase ya fue agregada, ingrese una distinta',
    });
  });

  it('sin problemas da un objeto vacío; el primero de una ruta gana', () => {
    expect(problemsToErrors([])).toEqual({});
    expect(problemsToErrors([{ field: 'threshold', message: 'a' }, { field: 'threshold', message: 'b' }])).toEqual({ threshold: 'a' });
    expect(inputPath('keywordExcluye.3')).toBe('keywordExcluye');
    expect(inputPath('tokens.3.req')).toBe('tokens.3.req');
  });

  it('validateSkillForm corre las reglas del servidor (validateSkill)', () => {
    expect(validateSkillForm({ nm: 'Saldo', modToken: true, tokens: [], tipo: 2, tagsKb: [] })).toEqual({
      tokens: 'Modo Token activo, debe ingresar mínimo uno.',
      tagsKb: 'Seleccione mínimo 1 tag',
    });
  });
});

describe('archivo de frases', () => {
  const bytes = (...values: number[]) => Uint8Array.from(values);

  it('lee UTF-8, UTF-16 con BOM y ANSI; un binario no', () => {
    expect(decodeText(new TextEncoder().encode('hola\nqué tal'))).toBe('hola\nqué tal');
    expect(decodeText(bytes(0xff, 0xfe, 0x68, 0x00, 0xed, 0x00))).toBe('hí');
    expect(decodeText(bytes(0x61, 0xf1, 0x6f))).toBe('año');
    expect(decodeText(bytes(0x25, 0x50, 0x44, 0x46, 0x00, 0x01))).toBeNull();
    expect(decodeText(bytes(0x01, 0x02, 0x03, 0x61, 0x62, 0x63))).toBeNull();
  });

  it('da una frase por línea, sin líneas vacías', async () => {
    expect(await readPhraseFile(new File(['uno\r\n\r\n dos \n'], 'f.txt'))).toEqual(['uno', 'dos']);
    expect(await readPhraseFile(new File([bytes(0, 1, 2)], 'f.txt'))).toBeNull();
  });
});
