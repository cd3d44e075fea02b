// TEXT: a list of texts; the bot says one of them, chosen at random.
import { Texts } from '../../schemas/skills';
import type { Problem } from '../../schemas/skillRules';
import type { AccionRule } from '../kind';

export interface TextInput {
  text?: readonly string[] | null;
}

/**
 * Written in a text as `{{bot.skills}}`: the names of the skills a client can ask the bot for (its
 * Business skills with training phrases, keywords or tokens), read when the text is sent. A text
 * naming it is not sent while there is none to offer.
 */
export const SKILLS_PLACEHOLDER = 'bot.skills';

const messages = {
  alMenosUnTexto: 'Debe ingresar al menos un texto',
} as const;

export const text = {
  type: 'TEXT',
  label: 'Texto',
  jump: false,
  fields: { text: Texts(50, 4000) },
  messages,
  // The editor shows its problems on the list as a whole.
  problemField: (path) => (path.startsWith('text.') ? 'text' : path),
  validate(accion) {
    const p: Problem[] = [];
    if (!(accion.text ?? []).some((t) => t.trim())) p.push({ field: 'text', message: messages.alMenosUnTexto });
    return p;
  },
} satisfies AccionRule<'TEXT', TextInput>;
