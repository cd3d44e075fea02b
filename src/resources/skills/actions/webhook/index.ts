// WEB_HOOK: a call to another system (spec §3), POST with a JSON Content-Type by default.
import { WEBHOOK_DEFAULTS } from '../../../../../common/schemas/skillRules';
import type { AccionKind } from '../accionKind';
import { WebHookEditor } from './WebHookEditor';
import { WebHookView } from './WebHookView';

export const webHook: AccionKind = {
  type: 'WEB_HOOK',
  defaults: () => ({
    method: WEBHOOK_DEFAULTS.method,
    url: '',
    headers: WEBHOOK_DEFAULTS.headers.map((h) => ({ ...h })),
    fields: [],
    files: false,
    cond: [],
    op: 'AND',
    resp: [],
  }),
  Editor: WebHookEditor,
  View: WebHookView,
};
