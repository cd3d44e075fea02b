// What more than one kind does at run time: buttons with memory filled in, texts read defensively.
import type { ChatButton } from '../../../../common/schemas/chat';
import type { Button } from '../../../../common/schemas/skills';
import { fillTemplate } from '../template';

/** A stored text field; anything else reads as ''. */
export const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A stored list; anything else reads as empty. */
export const listOf = <T>(v: readonly T[] | undefined): readonly T[] => (Array.isArray(v) ? v : []);

/** Buttons as the client receives them: titles filled from memory, a link's value too (a postback's is sent as is). */
export function chatButtons(list: readonly Button[] | undefined, memory: Record<string, unknown>): ChatButton[] {
  return listOf(list).map((b) => ({
    type: b.type || 'POSTBACK',
    title: fillTemplate(b.title, memory),
    ...(b.subtitle ? { subtitle: b.subtitle } : {}),
    ...(b.value ? { value: b.type === 'POSTBACK' ? b.value : fillTemplate(b.value, memory) } : {}),
    ...(b.render ? { render: b.render } : {}),
  }));
}
