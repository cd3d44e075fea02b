// QUICK_REPLY: a question and at most three replies. Shown like a buttons action.
import { quickReply as rule } from '../../../../../common/actions/quickReply';
import { ButtonView } from '../button/ButtonView';
import type { AccionKind } from '../accionKind';
import { QuickReplyEditor } from './QuickReplyEditor';

export const quickReply: AccionKind = {
  type: rule.type,
  rule,
  defaults: () => ({ title: '', buttons: [] }),
  Editor: QuickReplyEditor,
  View: ButtonView,
};
