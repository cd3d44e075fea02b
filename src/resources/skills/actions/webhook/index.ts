// WEB_HOOK: a call to another system, POST with a JSON Content-Type by default.
import { WEBHOOK_DEFAULTS, webhook as rule } from '../../../../../common/actions/webhook';
import type { AccionKind } from '../accionKind';
import { WebhookEditor } from './WebhookEditor';
import { WebhookView } from './WebhookView';

export const webhook: AccionKind = {
  type: rule.type,
  rule,
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
  Editor: WebhookEditor,
  View: WebhookView,
};
