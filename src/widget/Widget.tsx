/** @jsxImportSource preact */
// The web chat as a visitor sees it: the floating button and the chat window with the channel's
// header, welcome message, avatars, bubbles and sizes (the web channel's settings).
// The visitor sends a text, files with or without one, or a button's answer.
// Keyboard: everything is a native control in Tab order, Enter sends, Escape closes the window.
// New bot messages are read out by a polite live region.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { WebConfig } from '../../common/schemas/canales';
import type { ChatController, ChatState, Entry } from './chatState';
import { AttachButton, FileChips } from './FileChooser';
import { addChatFiles, chatFileLine } from '../../common/schemas/chatFiles';
import { MessageView, QuickReplies, spokenText } from './MessageView';
import { STYLE_SHEET, cssVariables } from './styles';
import { FALLBACK_TEXTS, WIDGET_TEXTS as T } from './texts';

export interface WidgetProps {
  web: WebConfig;
  botName?: string;
  chat: ChatController;
  /** Drawn inside the host element (the editor's preview) instead of fixed to the page's corner. */
  preview?: boolean;
  /** Starts with the window open. */
  open?: boolean;
  /** Remembers whether the window is open (across the pages of the customer's site). */
  onOpenChange?: (open: boolean) => void;
}

/** How many announcements the live region keeps. */
const SPOKEN_KEPT = 5;

function useChatState(chat: ChatController): ChatState {
  const [state, setState] = useState(chat.state());
  useEffect(() => {
    setState(chat.state());
    return chat.subscribe(() => setState(chat.state()));
  }, [chat]);
  return state;
}

const ChatIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-5 4V5a2 2 0 0 1 2-2zm3 6v2h2V9H7zm4 0v2h2V9h-2zm4 0v2h2V9h-2z" />
  </svg>
);

function Avatar({ src, name }: { src?: string | null; name: string }) {
  if (src) return <img class="qw-avatar" src={src} alt="" />;
  return (
    <span class="qw-avatar" aria-hidden="true">
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}

/** The quick replies still on offer: those of the last message, when the visitor has not answered since. */
function openQuickReplies(entries: Entry[]): Entry | undefined {
  const last = entries[entries.length - 1];
  return last?.from === 'bot' && last.message.quick && last.message.buttons?.length ? last : undefined;
}

export function Widget({ web, botName, chat, preview, open: initiallyOpen, onOpenChange }: WidgetProps) {
  const state = useChatState(chat);
  const floating = web.floating !== false;
  const [open, setOpen] = useState(!floating || !!initiallyOpen);
  const [welcome, setWelcome] = useState(true);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  /** Why chosen files were left out of the message, said until the next choice or message. */
  const [refusals, setRefusals] = useState<string[]>([]);
  const [spoken, setSpoken] = useState<Array<{ id: string; text: string }>>([]);
  const input = useRef<HTMLInputElement>(null);
  const fab = useRef<HTMLButtonElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const seen = useRef<Set<string> | null>(null);
  const title = web.headerTitle?.trim() || botName || FALLBACK_TEXTS.headerTitle;
  const name = botName || title;

  useEffect(() => {
    if (open) chat.start();
  }, [open, chat]);

  // Scrolls to the newest message, and announces bot messages that were not there before.
  useEffect(() => {
    const ids = state.entries.map((e) => e.id);
    if (seen.current) {
      const fresh = state.entries.filter((e): e is Extract<Entry, { from: 'bot' }> => e.from === 'bot' && !seen.current?.has(e.id));
      // Kept as separate lines, so messages arriving one after another are each read out.
      if (fresh.length) setSpoken((before) => [...before, ...fresh.map((e) => ({ id: e.id, text: `${name}: ${spokenText(e.message)}` }))].slice(-SPOKEN_KEPT));
    }
    seen.current = new Set(ids);
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [state.entries, name]);

  const toggle = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
    if (next) setTimeout(() => input.current?.focus(), 0);
    else setTimeout(() => fab.current?.focus(), 0);
  };

  const usable = state.status !== 'refused';
  const submit = (event: Event) => {
    event.preventDefault();
    const value = text.trim();
    if ((!value && files.length === 0) || !usable) return;
    chat.send(files.length ? { text: value, files } : { text: value });
    setText('');
    setFiles([]);
    setRefusals([]);
  };
  const chooseFiles = (chosen: File[]) => {
    const next = addChatFiles(files, chosen);
    setFiles(next.files);
    setRefusals(next.refusals);
  };
  const removeFile = (index: number) => {
    setFiles((before) => before.filter((_, i) => i !== index));
    setRefusals([]);
    // The removed chip's button is gone: the message field keeps the focus in the form.
    input.current?.focus();
  };
  const onPostback = (postback: string, buttonTitle: string) => {
    if (usable) chat.send({ postback, title: buttonTitle });
  };

  const quick = openQuickReplies(state.entries);
  const welcomeText = web.welcomeMessage?.trim();
  const showWelcome = welcome && !!welcomeText && (web.welcomeHeight ?? 60) > 0;
  const classes = ['qw', preview ? 'qw--preview' : '', floating ? '' : 'qw--fixed', web.carouselDoble ? 'qw--doble' : ''].filter(Boolean).join(' ');
  const notice = state.notice ?? (state.status === 'offline' ? T.reconectando : null);

  return (
    <div class={classes} style={cssVariables(web)} onKeyDown={(e) => floating && open && e.key === 'Escape' && toggle(false)}>
      <style>{STYLE_SHEET}</style>
      <section class="qw-win" id="qw-win" role="dialog" aria-label={title} hidden={!open}>
        <header class="qw-head">
          {web.headerLogo ? <img class="qw-logo" src={web.headerLogo} alt="" /> : null}
          <h2>{title}</h2>
          {floating ? (
            <button type="button" class="qw-x" aria-label={T.cerrar} onClick={() => toggle(false)}>
              ×
            </button>
          ) : null}
        </header>
        {showWelcome ? (
          <div class="qw-welcome">
            <p>{welcomeText}</p>
            {web.showCloseWelcome !== false ? (
              <button type="button" class="qw-x" aria-label={T.cerrarBienvenida} onClick={() => setWelcome(false)}>
                ×
              </button>
            ) : null}
          </div>
        ) : null}
        <div class="qw-log" ref={log} role="log" aria-live="off" aria-label={T.mensajes} tabIndex={0}>
          {state.entries.map((entry) =>
            entry.from === 'bot' ? (
              <div key={entry.id} class={`qw-row${entry.message.type === 'CARD' || entry.message.type === 'CAROUSEL' ? ' qw-row--rich' : ''}`}>
                {web.hideBotAvatar ? null : <Avatar src={web.botAvatar} name={name} />}
                <div class="qw-msg">
                  <MessageView message={entry.message} onPostback={onPostback} />
                </div>
              </div>
            ) : (
              <div key={entry.id} class="qw-row qw-row--user">
                {web.hideUserAvatar !== false ? null : <Avatar src={web.userAvatar} name={T.usted} />}
                <div class="qw-msg">
                  <div class="qw-bubble qw-user">
                    <span class="qw-sr">{T.usted}: </span>
                    {entry.text || !entry.files?.length ? <p class="qw-text">{entry.text}</p> : null}
                    {entry.files?.map((file, index) => (
                      <p key={index} class="qw-text qw-sent-file">
                        {chatFileLine(file)}
                      </p>
                    ))}
                  </div>
                  {entry.failed ? (
                    <p class="qw-failed">
                      {T.noEnviado}
                      {usable ? (
                        <button type="button" onClick={() => chat.retry(entry.id)}>
                          {T.reintentar}
                        </button>
                      ) : null}
                    </p>
                  ) : null}
                </div>
              </div>
            ),
          )}
          {quick?.from === 'bot' && usable ? <QuickReplies message={quick.message} onPostback={onPostback} /> : null}
        </div>
        <div class="qw-sr" aria-live="polite" aria-relevant="additions">
          {spoken.map((line) => (
            <p key={line.id}>{line.text}</p>
          ))}
        </div>
        <p class="qw-status" role="status">
          {state.recovered && !notice ? T.recuperada : null}
        </p>
        {notice || refusals.length ? (
          <div class="qw-alert" role="alert">
            {[notice, ...refusals].filter(Boolean).map((line, index) => (
              <p key={index}>{line}</p>
            ))}
          </div>
        ) : null}
        <FileChips files={files} onRemove={removeFile} />
        <form class="qw-form" onSubmit={submit}>
          <AttachButton disabled={!usable} onChoose={chooseFiles} />
          <label class="qw-sr" for="qw-input">
            {T.mensaje}
          </label>
          <input
            id="qw-input"
            ref={input}
            type="text"
            autocomplete="off"
            maxLength={2000}
            placeholder={web.placeholder?.trim() || FALLBACK_TEXTS.placeholder}
            value={text}
            disabled={!usable}
            onInput={(e) => setText((e.currentTarget as HTMLInputElement).value)}
          />
          <button type="submit" class="qw-send" disabled={!usable}>
            {T.enviar}
          </button>
        </form>
      </section>
      {floating ? (
        <button
          ref={fab}
          type="button"
          class={`qw-fab${web.fullFloatingIcon && web.floatingIcon ? ' qw-fab--full' : ''}`}
          aria-label={open ? T.cerrar : T.abrir}
          aria-expanded={open}
          aria-controls="qw-win"
          onClick={() => toggle(!open)}
        >
          {web.floatingIcon ? <img src={web.floatingIcon} alt="" /> : <ChatIcon />}
        </button>
      ) : null}
    </div>
  );
}
