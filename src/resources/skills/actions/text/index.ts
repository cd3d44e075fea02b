// TEXT: a list of texts.
import { text as rule } from '../../../../../common/actions/text';
import type { AccionKind } from '../accionKind';
import { TextEditor } from './TextEditor';
import { TextView } from './TextView';

export const text: AccionKind = {
  type: rule.type,
  rule,
  defaults: () => ({ text: [] }),
  Editor: TextEditor,
  View: TextView,
};
