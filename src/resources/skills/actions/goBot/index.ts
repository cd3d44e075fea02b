// GO_BOT: hand the conversation to another bot of the company, with a value (spec §3).
import type { AccionKind } from '../accionKind';
import { IrBotEditor } from './IrBotEditor';
import { IrBotView } from './IrBotView';

export const irBot: AccionKind = {
  type: 'GO_BOT',
  defaults: () => ({ b: '', sk: '' }),
  Editor: IrBotEditor,
  View: IrBotView,
};
