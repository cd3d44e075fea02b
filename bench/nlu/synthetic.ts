// A made-up bot of many skills with Spanish-like training phrases, for the size check of the NLU
// bench. Each skill has a subject of its own (a real noun and one or two invented words) asked
// about through the phrasings every bot shares, with spelling slips, missing accents and chat
// habits, so skills overlap in most words and differ in a few, as in a real bot.
import { random } from '../../server/src/engine/nlu/linear';

const SUSTANTIVOS = [
  'factura', 'pedido', 'tarjeta', 'cuenta', 'envío', 'reserva', 'pago', 'préstamo', 'seguro', 'póliza', 'cita', 'turno', 'reclamo',
  'devolución', 'garantía', 'suscripción', 'plan', 'tarifa', 'recibo', 'contrato', 'clave', 'usuario', 'transferencia', 'depósito',
  'retiro', 'cheque', 'crédito', 'débito', 'saldo', 'deuda', 'cuota', 'beca', 'matrícula', 'curso', 'examen', 'certificado',
  'constancia', 'licencia', 'permiso', 'trámite', 'solicitud', 'queja', 'entrega', 'paquete', 'producto', 'servicio', 'equipo',
  'celular', 'chip', 'línea', 'internet', 'router', 'televisor', 'pasaje', 'vuelo', 'equipaje', 'hotel', 'habitación', 'mesa',
  'menú', 'carta', 'receta', 'medicamento', 'análisis', 'vacuna', 'consulta', 'horario', 'sucursal', 'agencia', 'oficina', 'promoción',
  'descuento', 'cupón', 'puntos', 'millas', 'regalo', 'catálogo', 'stock', 'talla', 'color', 'modelo', 'repuesto', 'instalación',
  'mantenimiento', 'visita', 'técnico', 'avería', 'corte', 'medidor', 'lectura', 'consumo', 'boleta', 'impuesto', 'multa', 'trámite',
];
const VERBOS = [
  'quiero saber sobre', 'necesito información de', 'cómo hago para pedir', 'dónde consulto', 'me pueden ayudar con', 'tengo un problema con',
  'quisiera cambiar', 'cómo cancelo', 'puedo pagar', 'ayúdame con', 'dime cómo funciona', 'cuánto cuesta', 'qué pasa con', 'quiero solicitar',
  'necesito revisar', 'me explicas', 'busco', 'hay novedades de', 'cómo activo', 'quiero dar de baja', 'cuándo llega', 'cómo renuevo',
  'consulta sobre', 'info de', 'me interesa', 'no me funciona', 'quiero reclamar por', 'deseo actualizar', 'me podrías decir algo de', 'ver',
];
const ARTICULOS = ['el', 'la', 'mi', 'un', 'una', 'los', 'las', 'mis', 'su', 'este', 'esta'];
const ANTES = ['', '', '', 'hola', 'buenas', 'oye', 'disculpa', 'por favor', 'buenos días', 'una pregunta', 'hola buenas tardes'];
const DESPUES = ['', '', '', 'por favor', 'gracias', 'urgente', 'lo antes posible', 'hoy', 'de nuevo', 'otra vez', 'ahora', 'si se puede'];
const SILABAS = ['ca', 'me', 'ri', 'lo', 'ta', 'pe', 'su', 'no', 'ba', 'de', 'mi', 'ra', 'te', 'go', 'li', 'sa', 'ven', 'tor', 'mar', 'cul', 'pin', 'dra', 'bro', 'fle', 'gua', 'quin', 'char', 'llo', 'ñu', 'zo'];

export interface SyntheticSkill {
  id: string;
  frases: string[];
  /** Phrases not in `frases`, for a check of what the model learnt. */
  unseen: string[];
}

/** `skills` skills of `phrases` training phrases each (plus 5 unseen ones), the same for the same seed. */
export function syntheticBot(skills: number, phrases: number, seed = 1): SyntheticSkill[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const invent = () => Array.from({ length: 2 + Math.floor(next() * 2) }, () => pick(SILABAS)).join('');
  const slip = (phrase: string) => {
    const r = next();
    if (r < 0.15) return phrase.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    if (r < 0.22) return phrase.replace(/[aeiou](?=[^aeiou]*$)/, (v) => v.repeat(3));
    if (r < 0.3) return phrase.toUpperCase();
    if (r < 0.36) return `¿${phrase}?`;
    return phrase;
  };
  const used = new Set<string>();
  return Array.from({ length: skills }, (_, k) => {
    let subject: string[];
    do subject = [pick(SUSTANTIVOS), invent(), ...(next() < 0.5 ? [invent()] : [])];
    while (used.has(subject.join(' ')));
    used.add(subject.join(' '));
    const phrase = () => {
      // Some phrases name only part of the subject, as people do.
      const words = next() < 0.25 ? subject.slice(0, 2) : subject;
      return slip([pick(ANTES), pick(VERBOS), pick(ARTICULOS), ...words, pick(DESPUES)].filter(Boolean).join(' '));
    };
    const all = new Set<string>();
    while (all.size < phrases + 5) all.add(phrase());
    const list = [...all];
    return { id: `skill-${k}`, frases: list.slice(0, phrases), unseen: list.slice(phrases) };
  });
}
