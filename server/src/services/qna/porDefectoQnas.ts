// The built-in default QnA set: what the bot 'jedai' starts with, and what 'Cargar QnA por Defecto'
// copies from it. Small talk, help, who the bot is, courtesy, goodbyes and insults answered
// politely; hours and contact are phrased for any company. Each QnA: its name (the question as
// shown), its tag's name, its question variants (tú and usted, with and without accents and ¿?),
// and the texts of its one TEXT answer.

export const TAG_SALUDOS = 'Saludos';
export const TAG_DESPEDIDAS = 'Despedidas';
export const TAG_CORTESIA = 'Cortesía';
export const TAG_AYUDA = 'Ayuda';
export const TAG_SOBRE_EL_BOT = 'Sobre el bot';

export const DEFAULT_TAGS = [TAG_SALUDOS, TAG_DESPEDIDAS, TAG_CORTESIA, TAG_AYUDA, TAG_SOBRE_EL_BOT] as const;
export type DefaultTag = (typeof DEFAULT_TAGS)[number];

export interface DefaultQna {
  nm: string;
  tag: DefaultTag;
  frases: readonly string[];
  /** The texts of the TEXT answer; the bot says one of them. */
  respuesta: readonly string[];
}

const qna = (tag: DefaultTag, nm: string, frases: string[], respuesta: string[]): DefaultQna => ({ nm, tag, frases, respuesta });

export const DEFAULT_QNAS: readonly DefaultQna[] = [
  // Saludos
  qna(TAG_SALUDOS, 'Hola', ['hola', '¡Hola!', 'holi', 'hola, ¿hay alguien?', 'hola que tal', 'buenas'], ['¡Hola! ¿En qué puedo ayudarte?', '¡Hola! Cuéntame, ¿qué necesitas?']),
  qna(TAG_SALUDOS, 'Buenos días', ['buenos días', 'buenos dias', 'buen día', 'muy buenos días', 'buen dia, necesito ayuda'], ['¡Buenos días! ¿En qué puedo ayudarte hoy?']),
  qna(TAG_SALUDOS, 'Buenas tardes', ['buenas tardes', 'muy buenas tardes', 'buenas tardes, una consulta', 'buena tarde'], ['¡Buenas tardes! ¿En qué puedo ayudarte?']),
  qna(TAG_SALUDOS, 'Buenas noches', ['buenas noches', 'muy buenas noches', 'buenas noches, tengo una duda', 'buena noche'], ['¡Buenas noches! Dime, ¿en qué puedo ayudarte?']),
  qna(TAG_SALUDOS, '¿Cómo estás?', ['¿cómo estás?', 'como estas', '¿cómo está usted?', 'que tal estas', '¿cómo te va?', 'como le va'], ['¡Muy bien, gracias por preguntar! ¿En qué puedo ayudarte?']),
  qna(TAG_SALUDOS, '¿Qué tal tu día?', ['¿qué tal tu día?', 'que tal tu dia', '¿cómo va su día?', 'como te fue hoy', '¿cómo ha estado su día?'], ['Mi día va muy bien, sobre todo si puedo ayudarte. ¿Qué necesitas?']),
  qna(TAG_SALUDOS, '¿Hay alguien ahí?', ['¿hay alguien ahí?', 'hay alguien ahi', '¿alguien me atiende?', 'alguien me lee', '¿me escucha?', 'me escuchas'], ['Aquí estoy, listo para ayudarte. ¿Qué necesitas?']),
  qna(TAG_SALUDOS, 'Mucho gusto', ['mucho gusto', 'un gusto', 'encantado de conocerte', 'encantada de conocerle', 'un placer'], ['¡El gusto es mío! ¿En qué puedo ayudarte?']),
  qna(TAG_SALUDOS, 'Saludo informal', ['hey', 'qué onda', 'que hay', 'qué hubo', 'epa', 'quiubo'], ['¡Hola! ¿Qué necesitas? Estoy para ayudarte.']),
  qna(TAG_SALUDOS, 'De nuevo por aquí', ['otra vez yo', 'volví', 'aquí estoy de nuevo', 'hola de nuevo', 'ya regresé', 'ya regrese'], ['¡Qué bueno tenerte de vuelta! ¿En qué puedo ayudarte esta vez?']),
  qna(TAG_SALUDOS, 'Feliz día', ['feliz día', 'feliz dia', 'que tengas un buen día', 'que tenga un lindo día', 'feliz fin de semana'], ['¡Igualmente! Que tengas un excelente día.']),
  qna(TAG_SALUDOS, 'Felices fiestas', ['feliz navidad', 'feliz año nuevo', 'felices fiestas', 'próspero año nuevo', 'feliz ano'], ['¡Muchas gracias, felices fiestas para ti también!']),

  // Despedidas
  qna(TAG_DESPEDIDAS, 'Adiós', ['adiós', 'adios', 'chao', 'chau', 'hasta luego', 'nos vemos'], ['¡Hasta luego! Aquí estaré cuando me necesites.', '¡Adiós! Que tengas un buen día.']),
  qna(TAG_DESPEDIDAS, 'Hasta mañana', ['hasta mañana', 'hasta manana', 'nos vemos mañana', 'hablamos mañana', 'te escribo mañana'], ['¡Hasta mañana! Que descanses.']),
  qna(TAG_DESPEDIDAS, 'Eso es todo', ['eso es todo', 'nada más', 'nada mas, gracias', 'ya no necesito nada', 'es todo por ahora', 'ya está'], ['Perfecto. Si necesitas algo más, escríbeme cuando quieras.']),
  qna(TAG_DESPEDIDAS, 'Me tengo que ir', ['me tengo que ir', 'me voy', 'debo irme', 'tengo que irme, luego sigo', 'me retiro'], ['¡Claro! Cuando quieras continuar, aquí estaré.']),
  qna(TAG_DESPEDIDAS, 'Buenas noches (despedida)', ['que descanses', 'que descanse', 'a dormir', 'me voy a dormir', 'dulces sueños'], ['¡Que descanses! Aquí estaré mañana.']),
  qna(TAG_DESPEDIDAS, 'Hablamos luego', ['hablamos luego', 'luego te escribo', 'después le escribo', 'despues te escribo', 'te hablo más tarde'], ['¡Perfecto! Te espero cuando quieras.']),

  // Cortesía
  qna(TAG_CORTESIA, 'Gracias', ['gracias', 'muchas gracias', 'mil gracias', 'gracias!', 'te lo agradezco', 'se lo agradezco'], ['¡Con gusto! ¿Hay algo más en lo que pueda ayudarte?', '¡De nada! Para eso estoy.']),
  qna(TAG_CORTESIA, 'Muy amable', ['muy amable', 'qué amable', 'que amable eres', 'es usted muy amable', 'eres un amor'], ['¡Gracias a ti! Es un gusto ayudarte.']),
  qna(TAG_CORTESIA, 'Perfecto', ['perfecto', 'ok', 'okey', 'de acuerdo', 'entendido', 'listo'], ['¡Genial! ¿Necesitas algo más?']),
  qna(TAG_CORTESIA, 'Excelente', ['excelente', 'genial', 'súper', 'buenísimo', 'qué bien', 'que bueno'], ['¡Me alegra! ¿Te ayudo con algo más?']),
  qna(TAG_CORTESIA, 'Disculpa', ['disculpa', 'disculpe', 'perdón', 'perdon', 'lo siento', 'perdona la molestia'], ['No te preocupes, no hay ninguna molestia. ¿En qué te ayudo?']),
  qna(TAG_CORTESIA, 'Por favor', ['por favor', 'porfa', 'porfavor', 'por favor ayúdame', 'se lo pido por favor'], ['Claro que sí. Dime qué necesitas y te ayudo.']),
  qna(TAG_CORTESIA, 'Me ayudaste mucho', ['me ayudaste mucho', 'me ha ayudado bastante', 'me sirvió', 'me sirvio mucho', 'eso era lo que buscaba', 'resolviste mi duda'], ['¡Qué bueno que te sirvió! Aquí estoy para lo que necesites.']),
  qna(TAG_CORTESIA, 'Eres muy útil', ['eres muy útil', 'eres muy util', 'eres inteligente', 'qué listo eres', 'eres el mejor', 'es usted muy eficiente'], ['¡Gracias! Hago lo posible por ayudarte.']),
  qna(TAG_CORTESIA, 'Te quiero', ['te quiero', 'te amo', 'me gustas', 'eres lindo', 'cásate conmigo'], ['¡Qué amable! Yo solo soy un asistente virtual, pero me alegra ayudarte.']),
  qna(TAG_CORTESIA, 'Insulto', ['eres un inútil', 'eres tonto', 'no sirves para nada', 'bot estúpido', 'eres un idiota', 'qué bot tan malo'], ['Lamento no haberte ayudado como esperabas. Cuéntame de nuevo qué necesitas y lo intentaré otra vez.']),
  qna(TAG_CORTESIA, 'Groserías', ['vete al diablo', 'cállate', 'callate', 'déjame en paz', 'no me molestes', 'qué fastidio'], ['Entiendo que puedas estar molesto. Estoy aquí para ayudarte cuando quieras, con respeto.']),
  qna(TAG_CORTESIA, 'Estoy molesto', ['estoy molesto', 'estoy enojado', 'estoy muy molesta', 'esto es un pésimo servicio', 'qué mal servicio', 'estoy harto'], ['Lamento mucho la molestia. Cuéntame qué ocurrió y haré lo posible por ayudarte, o pide hablar con una persona.']),
  qna(TAG_CORTESIA, 'Jaja', ['jaja', 'jajaja', 'jeje', 'jajajaja', 'ja ja', 'lol'], ['¡Me alegra sacarte una sonrisa! ¿Te ayudo con algo?']),
  qna(TAG_CORTESIA, 'Cuéntame un chiste', ['cuéntame un chiste', 'cuentame un chiste', 'dime un chiste', '¿sabe algún chiste?', 'hazme reír', 'algo gracioso'], ['¿Qué le dice un bit a otro? Nos vemos en el bus.', '¿Por qué el libro de matemáticas estaba triste? Porque tenía demasiados problemas.']),

  // Ayuda
  qna(TAG_AYUDA, 'Necesito ayuda', ['necesito ayuda', 'ayuda', 'ayúdame', 'ayudame por favor', '¿me puede ayudar?', 'me puedes ayudar'], ['Claro, estoy para ayudarte. Cuéntame qué necesitas con tus palabras.']),
  qna(TAG_AYUDA, '¿Qué puedes hacer?', ['¿qué puedes hacer?', 'que puedes hacer', '¿qué sabe hacer?', 'en qué me puedes ayudar', '¿para qué sirves?', 'que opciones tengo'], ['Puedo responder preguntas frecuentes y guiarte en tus consultas. Escribe tu pregunta y te ayudo.']),
  qna(TAG_AYUDA, '¿Cómo funciona esto?', ['¿cómo funciona esto?', 'como funciona', '¿cómo te uso?', 'como se usa este chat', '¿qué debo escribir?', 'no sé qué escribir'], ['Solo escribe tu pregunta con tus propias palabras, por ejemplo: "¿cuál es el horario de atención?", y te responderé.']),
  qna(TAG_AYUDA, 'Hablar con una persona', ['quiero hablar con una persona', 'hablar con un humano', 'pásame con un asesor', 'paseme con un agente', '¿puedo hablar con alguien?', 'quiero un operador'], ['Entiendo. Si el canal lo permite, un asesor te atenderá en cuanto esté disponible. También puedes contactarnos por los canales oficiales de la empresa.']),
  qna(TAG_AYUDA, 'Horario de atención', ['¿cuál es el horario de atención?', 'horario de atencion', '¿a qué hora atienden?', 'a que hora abren', '¿hasta qué hora atiende?', 'que dias atienden'], ['Nuestro horario de atención está publicado en la página web y en los canales oficiales de la empresa. Este chat está disponible a toda hora.']),
  qna(TAG_AYUDA, 'Contacto', ['¿cómo los contacto?', 'como los contacto', 'número de teléfono', 'numero de telefono', '¿tienen correo electrónico?', 'datos de contacto'], ['Puedes encontrar nuestros teléfonos y correo de contacto en la página web de la empresa, en la sección de contacto.']),
  qna(TAG_AYUDA, 'Ubicación', ['¿dónde están ubicados?', 'donde estan', '¿cuál es su dirección?', 'direccion de la oficina', '¿dónde queda la tienda?', 'ubicación'], ['Nuestras direcciones están publicadas en la página web de la empresa. Si me dices tu ciudad, puedo orientarte.']),
  qna(TAG_AYUDA, 'Página web', ['¿cuál es su página web?', 'pagina web', '¿tienen sitio web?', 'link de la web', 'dirección de la página', 'sitio oficial'], ['Puedes visitar la página web oficial de la empresa para más información.']),
  qna(TAG_AYUDA, 'Redes sociales', ['¿tienen redes sociales?', 'redes sociales', '¿están en facebook?', 'estan en instagram', 'su cuenta de twitter', 'donde los sigo'], ['Encontrarás nuestras redes sociales oficiales en la página web de la empresa.']),
  qna(TAG_AYUDA, 'No entiendo', ['no entiendo', 'no entendí', 'no entendi nada', '¿qué quisiste decir?', 'explícame mejor', 'no me queda claro'], ['Disculpa si no fui claro. ¿Puedes contarme de otra forma qué necesitas?']),
  qna(TAG_AYUDA, 'No me respondiste', ['no me respondiste', 'no contestaste mi pregunta', 'eso no es lo que pregunté', 'esa no es la respuesta', 'respuesta incorrecta', 'no era eso'], ['Lo siento. ¿Puedes escribir tu pregunta con otras palabras? Así podré ayudarte mejor.']),
  qna(TAG_AYUDA, 'Quiero hacer un reclamo', ['quiero hacer un reclamo', 'quiero poner una queja', 'tengo una queja', 'libro de reclamaciones', '¿dónde me quejo?', 'reclamo'], ['Lamentamos lo ocurrido. Puedes registrar tu reclamo en los canales oficiales de la empresa o pedir hablar con un asesor.']),
  qna(TAG_AYUDA, 'Sugerencia', ['tengo una sugerencia', 'quiero dar una sugerencia', 'les dejo una idea', 'podrían mejorar', 'una recomendación para ustedes'], ['¡Gracias por tu sugerencia! La tendremos en cuenta para mejorar.']),
  qna(TAG_AYUDA, 'Precios', ['¿cuánto cuesta?', 'cuanto cuesta', 'precios', '¿cuál es el precio?', 'tarifas', 'cuanto vale'], ['Los precios vigentes están publicados en la página web de la empresa. Si me dices qué producto o servicio te interesa, intento orientarte.']),
  qna(TAG_AYUDA, 'Formas de pago', ['¿cómo puedo pagar?', 'formas de pago', 'medios de pago', '¿aceptan tarjeta?', 'puedo pagar con transferencia', 'metodos de pago'], ['Las formas de pago disponibles están descritas en la página web de la empresa.']),
  qna(TAG_AYUDA, 'Olvidé mi contraseña', ['olvidé mi contraseña', 'olvide mi clave', 'no puedo entrar a mi cuenta', 'recuperar contraseña', '¿cómo cambio mi clave?', 'perdí mi contraseña'], ['Puedes recuperar tu contraseña con la opción "¿Olvidaste tu contraseña?" en la pantalla de ingreso.']),
  qna(TAG_AYUDA, 'Trabaja con nosotros', ['¿están contratando?', 'trabaja con nosotros', 'quiero trabajar con ustedes', 'bolsa de trabajo', 'enviar mi cv', 'busco empleo'], ['Las ofertas de empleo se publican en la página web de la empresa, en la sección de empleos.']),
  qna(TAG_AYUDA, 'Es urgente', ['es urgente', 'urgente', 'necesito ayuda urgente', 'es una emergencia', 'rápido por favor', 'rapido'], ['Entiendo que es urgente. Cuéntame en pocas palabras qué ocurre y te ayudo enseguida, o pide hablar con un asesor.']),
  qna(TAG_AYUDA, 'Quiero empezar de nuevo', ['empezar de nuevo', 'volver a empezar', 'reiniciar', 'menú principal', 'volver al inicio', 'inicio'], ['Claro, empecemos de nuevo. ¿En qué puedo ayudarte?']),
  qna(TAG_AYUDA, 'Un momento', ['un momento', 'espera', 'espéreme', 'dame un segundo', 'ya vuelvo', 'aguarda un momento'], ['Claro, aquí te espero.']),
  qna(TAG_AYUDA, 'Sí', ['sí', 'si', 'claro', 'por supuesto', 'así es', 'correcto'], ['¡Bien! Dime cómo seguimos.']),
  qna(TAG_AYUDA, 'No', ['no', 'no gracias', 'para nada', 'negativo', 'todavía no', 'aún no'], ['Está bien. Si necesitas algo, aquí estaré.']),
  qna(TAG_AYUDA, 'Idiomas', ['¿hablas inglés?', 'hablas ingles', 'do you speak english', '¿en qué idiomas atiende?', 'otro idioma', 'speak english'], ['Por ahora atiendo en español. Escríbeme tu consulta y te ayudo.']),

  // Sobre el bot
  qna(TAG_SOBRE_EL_BOT, '¿Quién eres?', ['¿quién eres?', 'quien eres', '¿quién es usted?', 'qué eres', '¿con quién hablo?', 'con quien estoy hablando'], ['Soy el asistente virtual de la empresa. Estoy aquí para responder tus preguntas.']),
  qna(TAG_SOBRE_EL_BOT, '¿Cómo te llamas?', ['¿cómo te llamas?', 'como te llamas', '¿cuál es tu nombre?', 'cual es su nombre', '¿tienes nombre?', 'tu nombre'], ['Soy el asistente virtual de la empresa. Puedes llamarme como prefieras.']),
  qna(TAG_SOBRE_EL_BOT, '¿Eres un robot?', ['¿eres un robot?', 'eres un bot', '¿es usted una persona?', 'eres humano', '¿hablo con una máquina?', 'eres real'], ['Soy un asistente virtual, un programa hecho para ayudarte. Si lo prefieres, puedes pedir hablar con una persona.']),
  qna(TAG_SOBRE_EL_BOT, '¿Quién te creó?', ['¿quién te creó?', 'quien te hizo', '¿quién te programó?', 'quien te desarrollo', '¿de dónde vienes?', 'quien es tu creador'], ['Fui creado por el equipo de la empresa para ayudarte a resolver tus consultas.']),
  qna(TAG_SOBRE_EL_BOT, '¿Cuántos años tienes?', ['¿cuántos años tienes?', 'cuantos años tienes', '¿qué edad tienes?', 'que edad tiene', '¿cuándo naciste?', 'tu edad'], ['Soy un asistente virtual, no tengo edad, pero siempre estoy actualizándome.']),
  qna(TAG_SOBRE_EL_BOT, '¿Dónde vives?', ['¿dónde vives?', 'donde vives', '¿de dónde eres?', 'de donde es usted', '¿dónde estás?', 'donde estas'], ['Vivo en la nube, listo para ayudarte desde cualquier lugar.']),
  qna(TAG_SOBRE_EL_BOT, '¿Eres inteligente?', ['¿eres inteligente?', 'eres inteligencia artificial', '¿usas inteligencia artificial?', 'eres una ia', '¿piensas?', 'tienes sentimientos'], ['Soy un asistente virtual: reconozco tus preguntas y te doy la mejor respuesta que conozco.']),
  qna(TAG_SOBRE_EL_BOT, '¿Estás disponible siempre?', ['¿estás disponible siempre?', 'atiendes las 24 horas', '¿trabaja los fines de semana?', 'estas disponible ahora', '¿duermes?', 'nunca descansas'], ['Sí, estoy disponible a toda hora, todos los días.']),
  qna(TAG_SOBRE_EL_BOT, '¿Guardas mis datos?', ['¿guardas mis datos?', 'que haces con mis datos', '¿es seguro este chat?', 'privacidad', '¿mis datos están protegidos?', 'politica de privacidad'], ['La conversación se guarda para atenderte mejor y se trata según la política de privacidad de la empresa, publicada en su página web.']),
];
