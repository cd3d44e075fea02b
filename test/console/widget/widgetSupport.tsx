/** @jsxImportSource preact */
// Renders the widget's view into the test document (no shadow root, so Testing Library sees it),
// with a StaticChat the test drives.
import { render } from 'preact';
import { afterEach } from 'vitest';
import type { WebConfig } from '../../../common/schemas/canales';
import type { ChatMessage } from '../../../common/schemas/chat';
import { StaticChat, type ChatState, type Entry } from '../../../src/widget/chatState';
import { Widget, type WidgetProps } from '../../../src/widget/Widget';

const containers: HTMLElement[] = [];
afterEach(() => {
  for (const container of containers.splice(0)) {
    render(null, container);
    container.remove();
  }
});

export function renderWidget(web: WebConfig = {}, state: Partial<ChatState> = {}, props: Partial<WidgetProps> = {}) {
  const chat = new StaticChat({ entries: [], status: 'ready', notice: null, ...state });
  const container = document.createElement('div');
  document.body.append(container);
  containers.push(container);
  const draw = (next: WebConfig) => render(<Widget web={next} botName="Asistente Quipu" chat={chat} {...props} />, container);
  draw(web);
  return { chat, container, rerender: draw };
}

let count = 0;
export function botEntry(message: Omit<ChatMessage, 'id' | 'fc'>): Entry {
  count += 1;
  const id = `m${count}`;
  return { from: 'bot', id, message: { id, fc: '2026-03-02T10:00:00.000Z', ...message } };
}
