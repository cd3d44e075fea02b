// How the NLU reads Spanish text (server/src/engine/nlu/normalize.ts).
import { describe, expect, it } from 'vitest';
import { normalize, stem, stems, words } from '../../../server/src/engine/nlu/normalize';

describe('normalize', () => {
  it('quita tildes y diéresis, y pasa a minúsculas', () => {
    expect(normalize('ÁRBOL Canción PINGÜINO Él')).toBe('arbol cancion pinguino el');
  });

  it('quita ¿ ¡ y los demás signos, y junta los espacios', () => {
    expect(normalize('  ¿Qué   HORARIO tienen?!  ¡Hola, mundo!... ')).toBe('que horario tienen hola mundo');
    expect(normalize('correo: ana@empresa.com / tel. (01) 555-1234')).toBe('correo ana empresa com tel 01 555 1234');
  });

  it('une la ñ con la n, como NLP.js (mantenerlas aparte no mejoró la exactitud)', () => {
    expect(normalize('Año NIÑO')).toBe('ano nino');
  });

  it('lee igual un texto compuesto (NFC) y uno descompuesto (NFD)', () => {
    expect(normalize('canción'.normalize('NFD'))).toBe(normalize('canción'.normalize('NFC')));
  });

  it('cuenta una vez la letra repetida tres veces o más, como se estira en el chat', () => {
    expect(normalize('Holaaaa!!! siiiii')).toBe('hola si');
    expect(normalize('llegar creer')).toBe('llegar creer');
  });

  it('deja vacío un texto sin letras ni cifras', () => {
    expect(normalize(' ¿¡?! ... ')).toBe('');
    expect(words('¿?')).toEqual([]);
  });
});

describe('stem', () => {
  it('reduce plurales y conjugaciones a la misma raíz', () => {
    expect(stem('horarios')).toBe(stem('horario'));
    expect(stem('precios')).toBe(stem('precio'));
    expect(stem('abren')).toBe(stem('abrir'));
  });

  it('usa el diccionario de formas irregulares de NLP.js', () => {
    expect(stem('estoy')).toBe('estar');
  });

  it('da las raíces de las palabras en orden', () => {
    expect(stems('¿Cuáles son los HORARIOS?')).toEqual(['cuales', 'son', 'los', 'horarios'].map(stem));
    expect(stem('horarios')).toBe('horar');
  });
});
