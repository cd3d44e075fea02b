// The knowledge-base search (server/src/engine/kb): what a message finds among a bot's QnAs, through
// synonyms, within the entry skill's tags, and when it answers one QnA, offers several or none.
import { describe, expect, it } from 'vitest';
import { KbIndex, type KbEntry, type KbQuery } from '../../../server/src/engine/kb/kbIndex';
import { parse } from '../../../server/src/engine/kb/synonyms';

const QNAS: KbEntry[] = [
  { id: 'envio', nm: '¿Cuál es el coste del envío?', frases: ['¿Cuánto cuesta mandar un paquete?', 'tarifa de envío a domicilio'], tags: ['t1'] },
  { id: 'horario', nm: '¿Cuál es el horario de atención?', frases: ['¿A qué hora abren las oficinas?', '¿Atienden los sábados?'], tags: ['t1', 't2'] },
  { id: 'clave', nm: '¿Cómo cambio mi contraseña?', frases: ['olvidé mi clave de acceso', 'quiero restablecer la contraseña'], tags: ['t2'] },
  { id: 'tarjeta', nm: '¿Cómo bloqueo mi tarjeta?', frases: ['me robaron la tarjeta de crédito', 'perdí mi tarjeta'], tags: ['t3'] },
  { id: 'humano', nm: 'Hablar con un asesor', frases: ['quiero hablar con una persona'], tags: ['t0'] },
  // The same question twice, as knowledge bases that grow by hand end up having.
  { id: 'persona', nm: 'Hablar con un asesor', frases: ['quiero hablar con una persona'], tags: ['t0'] },
];

const TODAS: KbQuery = { tags: [], and: true, global: true };
const ids = (index: KbIndex, text: string, query: KbQuery) => index.rank(text, query, 10).map((r) => r.id);

describe('búsqueda en la base de conocimiento', () => {
  const index = KbIndex.build(QNAS);

  it('encuentra la QnA por un sinónimo que ninguna de sus frases tiene', () => {
    // 'precio' is in no QnA; the thesaurus gives 'coste' and 'importe'.
    const answer = index.search('¿el precio?', TODAS);
    expect(answer.results[0]?.id).toBe('envio');
    expect(answer.kind).not.toBe('none');
    expect(KbIndex.build(QNAS, { synonymWeight: 0 }).search('¿el precio?', TODAS).results[0]?.id).not.toBe('envio');
  });

  it('responde una sola QnA cuando la pregunta se parece claramente a ella', () => {
    const answer = index.search('¿a qué hora abren las oficinas el lunes?', TODAS);
    expect(answer.kind).toBe('one');
    expect(answer.results[0].id).toBe('horario');
  });

  it('con Y busca solo en las QnAs que tienen todas las etiquetas', () => {
    expect(ids(index, '¿cuál es el horario? ¿cómo cambio la contraseña?', { tags: ['t1', 't2'], and: true, global: false })).toEqual(['horario']);
  });

  it('con O busca en las QnAs que tienen alguna de las etiquetas', () => {
    const found = ids(index, '¿cuál es el coste del envío? ¿cómo cambio la contraseña? perdí mi tarjeta', { tags: ['t1', 't2'], and: false, global: false });
    expect(found).toContain('envio');
    expect(found).toContain('clave');
    expect(found).not.toContain('tarjeta');
  });

  it('suma las QnAs de la etiqueta global t0 solo cuando se pide', () => {
    const text = 'quiero hablar con una persona';
    expect(ids(index, text, { tags: ['t3'], and: false, global: false })).not.toContain('humano');
    expect(ids(index, text, { tags: ['t3'], and: false, global: true }).slice(0, 2)).toEqual(['humano', 'persona']);
  });

  it("dice 'none' ante una frase que no tiene que ver con ninguna QnA", () => {
    expect(index.search('mañana juega el equipo de fútbol en el estadio', TODAS)).toEqual({ kind: 'none', results: [] });
  });

  it("ofrece 'several' cuando dos QnAs quedan igual de cerca, en el orden en que están", () => {
    const answer = index.search('Quiero hablar con una persona', TODAS);
    expect(answer.kind).toBe('several');
    expect(answer.results.map((r) => r.id).slice(0, 2)).toEqual(['humano', 'persona']);
    expect(answer.results[0].score).toBe(answer.results[1].score);
  });

  it('da siempre el mismo resultado: al repetir la búsqueda y al construir de nuevo el índice', () => {
    const again = KbIndex.build(QNAS.map((q) => ({ ...q, tags: [...q.tags].reverse() })));
    for (const text of ['¿cuánto cuesta?', 'mi tarjeta', 'hablar con alguien', '¿abren el sábado?']) {
      expect(again.rank(text, TODAS)).toEqual(index.rank(text, TODAS));
      expect(index.rank(text, TODAS)).toEqual(index.rank(text, TODAS));
    }
  });

  it('da los mismos resultados que puntuando todas las frases, aunque solo lea las de las QnAs que pueden quedar entre los mejores', () => {
    // Many QnAs sharing their common words, twins among them; messages near one, between several,
    // made of common words only, with a synonym, or unrelated; within tags, with AND, OR and global.
    const TEMAS = ['envío', 'horario', 'contraseña', 'tarjeta', 'factura', 'reclamo', 'garantía', 'pago', 'cita', 'sede', 'precio', 'cuenta'];
    const FORMAS = ['quiero saber sobre {t}', '¿cómo hago con {t}?', 'tengo una duda de {t}', 'ayuda con {t} por favor', 'información de {t} y {u}'];
    const base: KbEntry[] = Array.from({ length: 240 }, (_, q) => {
      const t = TEMAS[q % TEMAS.length];
      const u = TEMAS[(q * 7 + 3) % TEMAS.length];
      return {
        id: `q${q}`,
        nm: `${t} ${u} caso ${q % 40}`,
        frases: FORMAS.slice(0, 2 + (q % 4)).map((f) => `${f.replace('{t}', t).replace('{u}', u)} ${q % 3 ? `número ${q}` : ''}`),
        tags: [`t${q % 5}`, ...(q % 11 === 0 ? ['t9'] : [])],
      };
    });
    const kb = KbIndex.build([...base, ...base.slice(0, 12).map((e) => ({ ...e, id: `${e.id}-gemela` }))]);
    const textos = [
      ...base.slice(0, 60).map((e, i) => e.frases[i % e.frases.length]),
      'quiero saber', 'por favor', 'de', '¿y el precio del envío?', 'el importe de la factura', 'caso 12', 'número 77 garantía', 'mañana juega el equipo',
      'tengo una duda de cita y sede caso 5', 'horario horario horario', 'información de pago y cuenta',
    ];
    const consultas: KbQuery[] = [TODAS, { tags: ['t1'], and: false, global: false }, { tags: ['t2', 't9'], and: false, global: true }, { tags: ['t0', 't9'], and: true, global: false }, { tags: [], and: false, global: true }];
    for (const consulta of consultas) {
      for (const texto of textos) {
        for (const limite of [1, 2, 3]) expect(kb.rank(texto, consulta, limite)).toEqual(kb.rank(texto, consulta, 300).slice(0, limite));
      }
    }
  });

  it('en una base grande deja fuera lo que casi todas las QnAs dicen: solo eso no elige ninguna, y el tema sigue eligiendo la suya', () => {
    const TEMAS = ['envío', 'horario', 'contraseña', 'tarjeta', 'factura', 'reclamo', 'garantía', 'pago', 'cita', 'sede', 'precio', 'cuenta', 'beca', 'vuelo', 'receta'];
    const base: KbEntry[] = TEMAS.flatMap((t, i) => [
      { id: `${i}-a`, nm: `quiero saber sobre ${t}`, frases: [`necesito información de ${t}`, `me pueden ayudar con ${t}`], tags: ['t1'] },
      { id: `${i}-b`, nm: `tengo un problema con ${t}`, frases: [`quiero reclamar por ${t}`, `no me funciona ${t}`], tags: ['t1'] },
    ]);
    const kb = KbIndex.build(base);
    const everyFeature = KbIndex.build(base, { commonShare: 1 });
    // What every QnA's phrasing shares ranked every QnA before, and offered three of them at random.
    expect(everyFeature.search('quiero saber sobre', TODAS).kind).not.toBe('none');
    expect(kb.search('quiero saber sobre', TODAS).kind).toBe('none');
    expect(kb.search('quiero saber sobre la factura', TODAS).results.map((r) => r.id).slice(0, 2).sort()).toEqual(['4-a', '4-b']);
    // A phrasing that half the QnAs share no longer tells a subject's two QnAs apart: both are offered.
    expect(kb.search('necesito información de mi tarjeta', TODAS).results.map((r) => r.id).slice(0, 2).sort()).toEqual(['3-a', '3-b']);
    expect(everyFeature.rank('necesito información de mi tarjeta', TODAS)[0].id).toBe('3-a');
  });

  it('una base pequeña (hasta 10 QnAs por rasgo) puntúa con todos sus rasgos', () => {
    const everyFeature = KbIndex.build(QNAS, { commonShare: 1 });
    for (const text of ['¿el precio?', '¿cuál es el horario?', 'quiero hablar con una persona', 'mi tarjeta']) expect(index.rank(text, TODAS)).toEqual(everyFeature.rank(text, TODAS));
  });

  it('lee la tabla de sinónimos en ambos sentidos', () => {
    const table = parse('coste importe precio\nimporte valor\n');
    expect(table.get('precio')).toEqual(['coste']);
    expect(table.get('importe')).toEqual(['coste', 'valor']);
  });
});
