import { describe, expect, it } from 'vitest';
import type { SkillSummary } from '../../../src/resources/bots/flow/diagramModel';
import { matchSkills, normalize, searchIndex } from '../../../src/resources/bots/flow/skillSearch';

const skills: SkillSummary[] = ['Saludo', 'Intención de compra', 'Despedida', 'Consulta de INTENCIÓN', 'Ñandú'].map((nm, i) => ({
  id: `s${i}`, idBot: 'b', nm, dsc: null, tipo: 0, nFrases: 1,
}));
const index = searchIndex(skills);
const names = (query: string) => matchSkills(index, query).map((s) => s.nm);

describe('Buscar skill', () => {
  it('ignora mayúsculas y tildes', () => {
    expect(normalize('  Intención ')).toBe('intencion');
    expect(names('INTENCION')).toEqual(['Intención de compra', 'Consulta de INTENCIÓN']);
    expect(names('nandu')).toEqual(['Ñandú']);
  });

  it('pone primero los nombres que empiezan con lo buscado', () => {
    expect(names('de')).toEqual(['Despedida', 'Consulta de INTENCIÓN', 'Intención de compra']);
  });

  it('una búsqueda vacía no propone nada, y el límite se respeta', () => {
    expect(names('  ')).toEqual([]);
    expect(matchSkills(index, 'a', 2)).toHaveLength(2);
  });
});
