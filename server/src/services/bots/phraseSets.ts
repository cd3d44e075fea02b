// The phrase sets of the 'Frases de entrenamiento' modal (GET /skill.frases?tipo): greetings,
// farewells and insults as people type them to a bot, Latin-American and Peninsular, with and
// without accents (a phrase typed without them is another phrase to the classifier).
import type { PresetType } from '../../../../common/schemas/skillRules';

const SALUDOS = [
  'hola', 'holaa', 'holi', 'hola, buenas', 'buenas', 'muy buenas', 'buenas buenas', 'wenas',
  'buenos días', 'buenos dias', 'buen día', 'buen dia', 'hola, buen día', 'hola buenos días', 'hola buenos dias',
  'buenas tardes', 'hola, buenas tardes', 'buenas noches', 'hola, buenas noches',
  'qué tal', 'que tal', 'hola, qué tal', 'hola que tal', 'qué tal todo', 'qué hay', 'hola qué hay', 'hola que hay',
  'qué onda', 'que onda', 'quiubo', 'qué hubo', 'qué más', 'que mas', 'qué pasa', 'hola, qué pasa', 'epa',
  'ey', 'hey', 'saludos', 'hola a todos', 'hola, ¿hay alguien?', 'hay alguien ahí',
  '¿cómo estás?', 'como estas', 'hola, ¿cómo está?', 'cómo le va', 'cómo andas', 'qué hacés', 'cómo va todo',
];

const DESPEDIDAS = [
  'chao', 'chau', 'chaito', 'chaíto', 'ciao', 'bye', 'adiós', 'adios', 'adiós, gracias', 'gracias, chao',
  'hasta luego', 'hasta pronto', 'hasta mañana', 'hasta manana', 'hasta la próxima', 'hasta la proxima', 'hasta otra', 'hasta la vista', 'hasta después',
  'nos vemos', 'nos vemos luego', 'nos vemos pronto', 'nos hablamos', 'hablamos', 'hablamos luego', 'luego hablamos',
  'me voy', 'ya me voy', 'me despido', 'te dejo', 'eso es todo', 'eso sería todo', 'eso seria todo', 'gracias, eso es todo',
  'listo, gracias', 'gracias por todo', 'muchas gracias, hasta luego', 'buenas noches, gracias', 'un saludo',
  'que tengas buen día', 'que tenga un buen día', 'que te vaya bien', 'que le vaya bien', 'feliz día', 'cuídate', 'cuidate',
];

/** Rude, not slurs: what a bot should recognise to answer calmly. */
const INSULTOS = [
  'eres un inútil', 'eres un inutil', 'inútil', 'bot inútil', 'no sirves para nada', 'no sirves', 'eres un incompetente',
  'eres tonto', 'qué tonto eres', 'que tonto eres', 'bot tonto', 'eres un bobo', 'sonso', 'menso', 'tarado', 'zoquete',
  'estúpido', 'estupido', 'eres un estúpido', 'máquina estúpida', 'idiota', 'eres un idiota', 'imbécil', 'imbecil',
  'eres un burro', 'qué bruto eres', 'eres un torpe', 'eres lento', 'qué lento eres', 'no entiendes nada', 'no sabes nada',
  'eres una basura', 'basura de bot', 'bot de porquería', 'qué porquería de servicio', 'mierda de bot', 'maldito bot',
  'cállate', 'callate', 'cállate ya', 'me tienes harto', 'qué pesado eres', 'eres un payaso', 'déjame en paz', 'lárgate',
  'vete al diablo', 'vete a la porra', 'pendejo', 'gilipollas', 'boludo', 'huevón', 'cojudo',
];

export const PHRASE_SETS: Readonly<Record<PresetType, readonly string[]>> = {
  saludos: SALUDOS,
  despedidas: DESPEDIDAS,
  insultos: INSULTOS,
};
