// The test chat's state: the conversation (kept per bot in sessionStorage), its live destination
// /user/bot/{idBot}/{psi} (the signed-in user's own chat), sending (after the subscription is
// active; with files, as a multipart) and clearing. Back from a lost connection, it reads the bot's
// messages it missed.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { ChatMessage, WebchatBody } from '../../../api/chat';
import { consoleDestination } from '../../../../common/schemas/destinations';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { messageOf } from '../../../api/HttpError';
import { noticeText } from '../../../layout/noticeText';
import { loadConversation, missingFrom, newConversation, receive, saveConversation, settleTurn, userEntry, type Conversation } from './chatModel';
import { openStompTransport } from './stompTransport';
import type { ChatTransport, ConnectionState } from './transport';

/** How long the POST's own copy of an answer waits for STOMP before it is shown. */
export const STOMP_GRACE_MS = 1_500;
/** How long a send waits for the subscription before it goes anyway (its answer carries the messages). */
export const SUBSCRIBE_WAIT_MS = 3_000;

/** A typed message (a message of files alone has an empty text), or a button's postback. */
export type ChatInput = { text: string; files?: File[] } | { postback: string; title: string; quickOf?: string };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The connection as the chat shows it: the transport's state, or back a moment ago. */
export type ChatConnection = ConnectionState | 'recuperado';
/** How long 'Conexión recuperada.' stays before the plain state. */
export const RECOVERED_NOTICE_MS = 5_000;

export function useTestChat(idBot: string) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const notify = useNotify();
  const [conversation, setConversation] = useState<Conversation>(() => loadConversation(idBot));
  const [connection, setConnection] = useState<ChatConnection>('conectando');
  const transport = useRef<ChatTransport>(undefined);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const { psi, red } = conversation;

  useEffect(() => saveConversation(idBot, conversation), [idBot, conversation]);

  const latest = useRef({ conversation, dataProvider });
  latest.current = { conversation, dataProvider };

  useEffect(() => {
    const received = (message: ChatMessage) => setConversation((current) => (current.psi === psi ? receive(current, message) : current));
    let away = false;
    const opened = openStompTransport(consoleDestination(idBot, psi), {
      onMessage: received,
      onState: (state) => {
        setConnection(state);
        if (state === 'reintentando') away = true;
        else if (state === 'conectado' && away) {
          away = false;
          // Said for a moment, then plain 'Conectado' (unless the state changed meanwhile).
          setConnection('recuperado');
          const shown = setTimeout(() => {
            timers.current.delete(shown);
            setConnection((current) => (current === 'recuperado' ? 'conectado' : current));
          }, RECOVERED_NOTICE_MS);
          timers.current.add(shown);
          // What the bot said while the connection was lost (the answers it published meanwhile).
          const last = [...latest.current.conversation.entries].reverse().find((entry) => entry.kind === 'bot')?.id;
          latest.current.dataProvider.missedDemo(idBot, psi, last).then(({ messages }) => messages.forEach(received), () => undefined);
        }
      },
    });
    transport.current = opened;
    return () => {
      opened.close();
      if (transport.current === opened) transport.current = undefined;
    };
  }, [idBot, psi]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const fail = useCallback((error: unknown) => notify(messageOf(error), noticeText(messageOf(error), 'error')), [notify]);

  const send = useCallback(
    async (input: ChatInput) => {
      const files = 'text' in input ? (input.files ?? []) : [];
      const entry = 'text' in input ? userEntry(input.text, undefined, files.map((file) => file.name)) : userEntry(input.title, input.postback);
      const quickOf = 'quickOf' in input ? input.quickOf : undefined;
      setConversation((current) => ({
        ...current,
        entries: [...current.entries, entry],
        usedQuick: quickOf ? [...current.usedQuick, quickOf] : current.usedQuick,
      }));
      const subscribed = transport.current?.ready();
      if (subscribed) await Promise.race([subscribed, wait(SUBSCRIBE_WAIT_MS)]);
      try {
        const body: WebchatBody = { psi, idBot, test: true, red: red as WebchatBody['red'] };
        if ('postback' in input) body.postback = input.postback;
        else if (files.length === 0 || input.text.trim()) body.message = input.text;
        const answer = files.length > 0 ? await dataProvider.sendDemoFiles(body, files) : await dataProvider.sendDemo(body);
        const messages = answer?.messages ?? [];
        setConversation((current) => (current.psi === psi ? settleTurn(current, entry.id, messages, answer?.debug) : current));
        // Whatever STOMP did not bring within the grace period comes from the answer itself.
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          setConversation((current) => (current.psi === psi ? missingFrom(current, messages).reduce(receive, current) : current));
        }, STOMP_GRACE_MS);
        timers.current.add(timer);
      } catch (error) {
        fail(error);
      }
    },
    [dataProvider, fail, idBot, psi, red],
  );

  /** 'Terminar atención': the wait for a person ends now; the bot's notice arrives like an answer. */
  const endHuman = useCallback(async () => {
    try {
      const answer = await dataProvider.endHumanDemo({ psi, idBot, test: true, red: red as WebchatBody['red'] });
      const messages = answer?.messages ?? [];
      setConversation((current) => (current.psi === psi ? missingFrom(current, messages).reduce(receive, current) : current));
    } catch (error) {
      fail(error);
    }
  }, [dataProvider, fail, idBot, psi, red]);

  const clear = useCallback(async () => {
    try {
      await dataProvider.clearDemo(idBot, psi);
      setConversation(newConversation(red));
    } catch (error) {
      fail(error);
    }
  }, [dataProvider, fail, idBot, psi, red]);

  const setRed = useCallback((next: number) => setConversation((current) => ({ ...current, red: next })), []);

  return { conversation, connection, send, clear, endHuman, setRed };
}
