// A small Spanish bot for the NLU tests: greeting, farewell, opening hours and prices, a dozen
// phrases each in Latin-American and Peninsular forms, and a fallback; plus phrases it never saw.
import type { MatchSkill } from '../../../server/src/engine/nlu/matcher';
import type { TrainingPhrase } from '../../../server/src/engine/nlu/classifier';

export const FRASES: Record<string, string[]> = {
  saludo: [
    'hola',
    'buenos días',
    'buenas tardes',
    'buenas noches',
    'qué tal',
    'hola, ¿cómo estás?',
    'holi',
    'buenas',
    'hola, qué onda',
    'qué hay, buen día',
    'hola, ¿qué tal va todo?',
    'saludos',
    'hola, ¿cómo le va?',
  ],
  despedida: [
    'adiós',
    'chau',
    'chao, gracias',
    'hasta luego',
    'hasta mañana',
    'nos vemos',
    'me despido, gracias por todo',
    'hasta la próxima',
    'bueno, me voy',
    'que tenga un buen día, adiós',
    'hasta pronto',
    'cuídate, nos vemos',
  ],
  horario: [
    '¿a qué hora abren?',
    '¿cuál es el horario de atención?',
    '¿hasta qué hora atienden?',
    '¿abren los domingos?',
    '¿a qué hora cierran?',
    '¿están abiertos los feriados?',
    '¿qué días atienden?',
    'horario de la tienda',
    '¿abrís el sábado por la tarde?',
    '¿a qué hora cerráis hoy?',
    '¿el local está abierto ahora?',
    'quiero saber los horarios',
  ],
  precios: [
    '¿cuánto cuesta?',
    '¿qué precio tiene?',
    '¿cuál es el precio del plan básico?',
    'precios de los productos',
    '¿cuánto vale la suscripción?',
    '¿me pasas la lista de precios?',
    '¿cuánto sale el envío?',
    'quiero saber cuánto cuesta el servicio',
    '¿tienen tarifas para empresas?',
    '¿cuánto me cobran al mes?',
    '¿cuánto pago por la instalación?',
    '¿está caro o barato?',
  ],
};

/** Paraphrases the bot was not trained on, with the skill each must reach. */
export const INEDITAS: Array<[string, string]> = [
  ['Hola! buen día', 'saludo'],
  ['buenas buenas, ¿cómo andan?', 'saludo'],
  ['HOLA QUE TAL', 'saludo'],
  ['bueno chau, hasta la vista', 'despedida'],
  ['adiós y muchas gracias', 'despedida'],
  ['nos vemos mañana', 'despedida'],
  ['¿a que hora abren el lunes?', 'horario'],
  ['¿cuál es su horario los sábados?', 'horario'],
  ['¿hasta qué hora está abierto el local?', 'horario'],
  ['¿cuánto cuesta el plan premium?', 'precios'],
  ['precio de la instalacion', 'precios'],
  ['¿cuánto vale el envío a Lima?', 'precios'],
];

/** Phrases about nothing the bot knows. */
export const SIN_SENTIDO = ['asdf qwerty zxcv', 'el perro de mi vecino ladra mucho', 'fotosíntesis cuántica del ornitorrinco', 'xyz 123 lorem ipsum'];

export const phrasesOf = (frases: Record<string, string[]>): TrainingPhrase[] =>
  Object.entries(frases).flatMap(([skillId, list]) => list.map((text) => ({ text, skillId })));

export function skill(id: string, overrides: Partial<MatchSkill> = {}): MatchSkill {
  return { id, nm: id, tipo: 0, threshold: 0.5, keywordIncluye: [], keywordExcluye: [], modToken: false, tokenOrd: false, tokens: [], ...overrides };
}

export const SKILLS: MatchSkill[] = [...Object.keys(FRASES).map((id) => skill(id)), skill('noEntiendo', { tipo: 1 })];
