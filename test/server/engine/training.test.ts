// A deploy's training: a small bot trains at once, a big one in a worker thread that reports its
// progress; both give a model that loads and answers like one trained in place.
import { describe, expect, it } from 'vitest';
import { INLINE_PHRASES, trainSkills } from '../../../server/src/engine/training';

const TOPICS = ['precio', 'horario', 'envío', 'reclamo', 'factura', 'garantía', 'cuenta', 'pago', 'cita', 'sede'];
const FORMS = ['quiero saber sobre {t}', 'consulta de {t}', 'tengo una duda con {t}', 'me ayudas con {t}', 'información de {t} por favor', 'cómo va lo de {t}'];

/** `perSkill` phrases for each of `skills` skills, each skill about its own topic and number. */
function bot(skills: number, perSkill: number) {
  return Array.from({ length: skills }, (_, s) => ({
    id: `s${s}`,
    frases: Array.from({ length: perSkill }, (_, i) => `${FORMS[i % FORMS.length].replace('{t}', TOPICS[s % TOPICS.length])} número ${s} caso ${i}`),
  }));
}

describe('entrenamiento del despliegue', () => {
  it('un bot sin frases de entrenamiento no tiene modelo', async () => {
    expect(await trainSkills([{ id: 'a', frases: [] }])).toBeNull();
  });

  it('un bot pequeño entrena en el momento y su modelo responde', async () => {
    const model = (await trainSkills(bot(3, 10)))!;
    expect(model.skills).toEqual(['s0', 's1', 's2']);
  });

  it('un bot grande entrena en un hilo aparte, informa su avance y da un modelo que se carga', async () => {
    const skills = bot(60, 40);
    expect(skills.length * 40).toBeGreaterThan(INLINE_PHRASES);
    const progress: number[] = [];
    const model = (await trainSkills(skills, (share) => progress.push(share)))!;
    expect(model.skills).toHaveLength(60);
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  }, 120_000);
});
