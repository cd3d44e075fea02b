// The deploy's and the versions' sentences with values, as the catalogue tells them: the number,
// the list and the singular or plural each one takes.
import { describe, expect, it } from 'vitest';
import { VERSION_TEXTS } from '../../../src/resources/bots/versions/versionTexts';

const IGUAL = 'La versión se desplegó igual; active «Detener el despliegue si falla una prueba» para impedirlo.';

describe('mensajes del despliegue y de las versiones', () => {
  it("'N de M prueba falla' con una prueba en total, 'pruebas fallan' con otra cantidad, y los nombres separados por comas", () => {
    expect(VERSION_TEXTS.pruebasFallan(['Saludo'], 1)).toBe(`1 de 1 prueba falla: Saludo. ${IGUAL}`);
    expect(VERSION_TEXTS.pruebasFallan(['Saludo', 'Despedida'], 3)).toBe(`2 de 3 pruebas fallan: Saludo, Despedida. ${IGUAL}`);
  });

  it("'Error al desplegar' sin motivo termina ahí; el avance del entrenamiento en por ciento", () => {
    expect(VERSION_TEXTS.errorDesplegar(null)).toBe('Error al desplegar');
    expect(VERSION_TEXTS.entrenando(40)).toBe('Entrenando el modelo: 40 %');
  });

  it('restaurar y comparar nombran sus versiones', () => {
    expect(VERSION_TEXTS.restaurarTitulo(4)).toBe('Restaurar la versión 4');
    expect(VERSION_TEXTS.restaurarTexto(4)).toBe('El bot volverá a ser exactamente como en la versión 4; lo que cambió después se perderá. ¿Desea continuar?');
    expect(VERSION_TEXTS.cambiosDe(2, 5)).toBe('Cambios de la versión 2 a la versión 5');
    expect(VERSION_TEXTS.sinCambioLista(3)).toBe('3 sin cambios');
  });
});
