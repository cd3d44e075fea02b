// TEXT: a list of texts; the bot says one of them, chosen at random.
import { Texts } from '../../schemas/skills';
import type { Problem } from '../../schemas/skillRules';
import type { AccionRule } from '../kind';

export interface TextInput {
  text?: readonly string[] | null;
}

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
