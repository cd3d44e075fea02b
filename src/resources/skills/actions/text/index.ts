// TEXT: a list of texts. A text typed in 'Nuevo texto' but not yet added counts when the card is saved.
import { text as rule } from '../../../../../common/actions/text';
import { addToList } from '../../../../../common/schemas/skillRules';
import type { AccionKind } from '../accionKind';
import type { AccionValues } from '../accionModel';
import { TextEditor } from './TextEditor';
import { TextView } from './TextView';

/** The texts with the one typed and not added: a blank or repeated one adds nothing. */
export function withTypedText({ textoNuevo = '', ...values }: AccionValues): AccionValues {
  const texts = values.text ?? [];
  const added = addToList(texts, textoNuevo, '');
  return { ...values, text: 'list' in added ? added.list : [...texts] };
}

export const text: AccionKind = {
  type: rule.type,
  rule,
  defaults: () => ({ text: [], textoNuevo: '' }),
  prepare: withTypedText,
  Editor: TextEditor,
  View: TextView,
};
