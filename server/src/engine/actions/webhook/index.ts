// WEB_HOOK: when its conditions hold, calls out with memory filled in and keeps what the answer maps
// to memory. No answer (or a refused address) tells the conversation only that it failed.
import { CHAT_MESSAGES } from '../../../../../common/schemas/chat';
import { internalLiteral, OUTBOUND_MESSAGES } from '../../../net/outbound';
import { callWebhook, type WebhookResult } from '../../webhook';
import type { AccionRun } from '../kind';

/** A webhook's response mapping with this path keeps the answer's HTTP status; the skill then goes on whatever the status. */
export const STATUS_PATH = '$status';

export const webhook = {
  type: 'WEB_HOOK',
  callsOut: true,
  // A literal internal address is refused when saved; a name is judged at each call, since what it resolves to changes.
  refuse(accion, allow) {
    const internal = accion.url ? internalLiteral(accion.url, allow) : undefined;
    return internal ? { field: 'url', message: OUTBOUND_MESSAGES.saved('URL', internal) } : undefined;
  },
  async run(turn, skill, { cfg: c }) {
    const url = typeof c.url === 'string' ? c.url : '';
    const method = (typeof c.method === 'string' && c.method) || 'POST';
    if (!turn.conditionsHold(c)) {
      turn.webhooks.push({ method, url, status: null, ms: 0, skipped: true });
      return true;
    }
    const result: WebhookResult = await callWebhook(
      // `files`: the files the client attached to the conversation's file step go with the call.
      { method, url, headers: c.headers ?? [], fields: c.fields ?? [], resp: c.resp ?? [], ...(c.files === true ? { files: await turn.attachedFiles() } : {}) },
      turn.state.memory,
      { timeoutMs: turn.ctx.webhookTimeoutMs, baseUrl: turn.ctx.baseUrl, outbound: turn.ctx.outbound, secrets: turn.ctx.secretsOf?.(turn.bot) },
    );
    // The detail (a refused address, a refused connection, a status) is for the test chat's debug alone.
    turn.webhooks.push({ method: result.method, url: result.url, status: result.status, ms: Math.round(result.ms), ...(result.error ? { error: result.error } : {}), ...(result.droppedHeaders ? { droppedHeaders: result.droppedHeaders } : {}) });
    // Mapping the status: any answer is the skill's to read (a 404 is 'not found', not an outage); no answer still fails.
    const statusKeys = (c.resp ?? []).filter((r) => r.path.trim() === STATUS_PATH && r.k.trim()).map((r) => r.k.trim());
    if (result.error && !(statusKeys.length && result.status !== null)) {
      // Whatever failed, the conversation hears the same words, so they tell nothing about the network.
      turn.text(CHAT_MESSAGES.webhookFallo, skill.id);
      return false;
    }
    Object.assign(turn.state.memory, result.memory);
    for (const key of statusKeys) turn.state.memory[key] = result.status;
    return true;
  },
} satisfies AccionRun<'WEB_HOOK'>;
