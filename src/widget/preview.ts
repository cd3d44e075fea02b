// The editor's live preview: the real widget, opened, drawn inside `host` from the form's values,
// with a few sample messages and no network.
import { WEB_DEFAULTS, type WebConfig } from '../../common/schemas/canales';
import type { ChatMessage } from '../../common/schemas/chat';
import { DEMO_PLANS } from '../../common/schemas/rules';
import { StaticChat, type Entry } from './chatState';
import { mountWidget } from './mount';

const fc = '2026-01-01T12:00:00.000Z';
const bot = (message: Omit<ChatMessage, 'fc'>): Entry => ({ from: 'bot', id: message.id, message: { ...message, fc } });

/** What the preview's conversation shows: a text, a question from the visitor, a card and a carousel, quick replies. */
export const PREVIEW_ENTRIES: Entry[] = [
  bot({ id: 'p1', type: 'TEXT', text: '¡Hola! Soy el asistente virtual. ¿En qué le ayudo?' }),
  { from: 'user', id: 'p2', text: 'Quiero conocer sus planes' },
  bot({
    id: 'p3',
    type: 'CAROUSEL',
    // The demo bot's own plans, so the preview and the bot never quote different prices.
    carousel: DEMO_PLANS.map((plan) => ({ title: `Plan ${plan.nm}`, subtitle: plan.subtitle, buttons: [{ type: 'POSTBACK', title: 'Quiero este plan', value: `Quiero contratar el plan ${plan.nm}` }] })),
  }),
  bot({ id: 'p4', type: 'BUTTON', title: '¿Le ayudo con algo más?', quick: true, buttons: [{ type: 'POSTBACK', title: 'Sí', value: 'si' }, { type: 'POSTBACK', title: 'No, gracias', value: 'no' }] }),
];

/** The form's values over the channel defaults, as the server answers a channel to its widget. */
export function withDefaults(web: WebConfig): WebConfig {
  const set = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== '')) as Partial<T>;
  return { ...WEB_DEFAULTS, ...set(web), theme: { ...WEB_DEFAULTS.theme, ...set(web.theme ?? {}) } };
}

export interface WidgetPreview {
  update(web: WebConfig): void;
  unmount(): void;
}

export function mountWidgetPreview(host: HTMLElement, web: WebConfig, options: { botName?: string } = {}): WidgetPreview {
  const mounted = mountWidget(host);
  const chat = new StaticChat({ entries: PREVIEW_ENTRIES, status: 'ready', notice: null });
  const draw = (next: WebConfig) => mounted.render({ web: withDefaults(next), botName: options.botName, chat, preview: true, open: true });
  draw(web);
  return { update: draw, unmount: () => mounted.unmount() };
}
