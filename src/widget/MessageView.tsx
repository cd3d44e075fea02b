/** @jsxImportSource preact */
// One bot message of the widget: TEXT, IMAGE, CARD, CAROUSEL
// and BUTTON, with quick replies. POSTBACK buttons answer the bot, WEB_URL opens a new tab, CALL
// dials.
import { useRef } from 'preact/hooks';
import { buttonLinkHref } from '../../common/schemas/buttonLink';
import type { ChatButton, ChatCard, ChatMessage } from '../../common/schemas/chat';
import { WIDGET_TEXTS as T } from './texts';

export type OnPostback = (postback: string, title: string) => void;

/** Only web addresses are shown as images. */
function safeUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value, window.location.href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function ButtonView({ button, onPostback }: { button: ChatButton; onPostback: OnPostback }) {
  const value = button.value ?? '';
  if (button.type === 'WEB_URL') {
    // Web pages, calls and mails only: a `javascript:` value typed into a bot never runs.
    const href = buttonLinkHref(value);
    return (
      <a class="qw-btn" href={href} target="_blank" rel="noopener noreferrer">
        {button.title}
      </a>
    );
  }
  if (button.type === 'CALL') {
    return (
      <a class="qw-btn" href={`tel:${value.replace(/[^\d+*#,;]/g, '')}`}>
        {button.title}
      </a>
    );
  }
  return (
    <button type="button" class="qw-btn" onClick={() => onPostback(value || button.title, button.title)}>
      {button.title}
    </button>
  );
}

function Buttons({ buttons, onPostback }: { buttons: readonly ChatButton[] | undefined; onPostback: OnPostback }) {
  if (!buttons?.length) return null;
  return (
    <div class="qw-btns">
      {buttons.map((button, index) => (
        <ButtonView key={index} button={button} onPostback={onPostback} />
      ))}
    </div>
  );
}

function CardView({ card, onPostback }: { card: ChatCard; onPostback: OnPostback }) {
  return (
    <div class="qw-card">
      {card.image_url ? <img class="qw-card-img" src={safeUrl(card.image_url)} alt={card.title} /> : null}
      <div class="qw-card-body">
        <p class="qw-card-title">{card.title}</p>
        {card.subtitle ? <p class="qw-card-sub">{card.subtitle}</p> : null}
      </div>
      <Buttons buttons={card.buttons} onPostback={onPostback} />
    </div>
  );
}

function Carousel({ cards, onPostback }: { cards: readonly ChatCard[]; onPostback: OnPostback }) {
  const list = useRef<HTMLUListElement>(null);
  const move = (direction: 1 | -1) => {
    const element = list.current;
    if (element) element.scrollBy({ left: direction * element.clientWidth, behavior: 'smooth' });
  };
  return (
    <div class="qw-carousel">
      <ul ref={list} class="qw-cards" aria-label={T.carrusel} tabIndex={0}>
        {cards.map((card, index) => (
          <li key={index} class="qw-slide" aria-label={`${index + 1} / ${cards.length}`}>
            <CardView card={card} onPostback={onPostback} />
          </li>
        ))}
      </ul>
      {cards.length > 1 ? (
        <div class="qw-nav">
          <button type="button" class="qw-arrow" aria-label={T.anterior} onClick={() => move(-1)}>
            ‹
          </button>
          <button type="button" class="qw-arrow" aria-label={T.siguiente} onClick={() => move(1)}>
            ›
          </button>
        </div>
      ) : null}
    </div>
  );
}

export function QuickReplies({ message, onPostback }: { message: ChatMessage; onPostback: OnPostback }) {
  return (
    <div class="qw-quick" role="group" aria-label={T.respuestasRapidas}>
      {(message.buttons ?? []).map((button, index) => (
        <button key={index} type="button" class="qw-chip" onClick={() => onPostback(button.value || button.title, button.title)}>
          {button.title}
        </button>
      ))}
    </div>
  );
}

const Text = ({ text }: { text?: string }) => (text ? <p class="qw-text">{text}</p> : null);

/** The message's bubble; quick replies are drawn apart, under the conversation's last message. */
export function MessageView({ message, onPostback }: { message: ChatMessage; onPostback: OnPostback }) {
  switch (message.type) {
    case 'IMAGE':
      return (
        <div class="qw-bubble qw-bot">
          {message.image_url ? <img class="qw-img" src={safeUrl(message.image_url)} alt={message.title || message.text || T.imagen} /> : null}
          <Text text={message.text} />
        </div>
      );
    case 'CARD':
      return (
        <div class="qw-rich">
          {message.text ? <div class="qw-bubble qw-bot"><Text text={message.text} /></div> : null}
          <CardView card={{ title: message.title ?? '', subtitle: message.subtitle, image_url: message.image_url, buttons: message.buttons ?? [] }} onPostback={onPostback} />
        </div>
      );
    case 'CAROUSEL':
      return (
        <div class="qw-rich">
          {message.text ? <div class="qw-bubble qw-bot"><Text text={message.text} /></div> : null}
          <Carousel cards={message.carousel ?? []} onPostback={onPostback} />
        </div>
      );
    default:
      // TEXT and BUTTON: the text (or the buttons' title) in a bubble, with its buttons.
      return (
        <div class="qw-bubble qw-bot">
          {message.title ? <p class="qw-text qw-strong">{message.title}</p> : null}
          <Text text={message.text} />
          {message.quick ? null : <Buttons buttons={message.buttons} onPostback={onPostback} />}
        </div>
      );
  }
}

/** What a screen reader announces for a new bot message. */
export function spokenText(message: ChatMessage): string {
  const parts = [message.title, message.text, message.subtitle, ...(message.carousel ?? []).map((c) => [c.title, c.subtitle].filter(Boolean).join(', '))];
  if (message.type === 'IMAGE' && !message.title && !message.text) parts.push(T.imagen);
  const buttons = (message.buttons ?? []).map((b) => b.title);
  return [...parts, buttons.length ? buttons.join(', ') : undefined].filter(Boolean).join('. ');
}
