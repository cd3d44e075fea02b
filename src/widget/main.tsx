// The widget's entry (built on its own into webchat/quipu-webchat.js): finds its own <script> tag
// for the chat host's address and the channel key, asks for the channel's appearance, and mounts
// the widget in a shadow root at the end of the page.
import { WIDGET_DATA_ATTRIBUTE, WIDGET_SCRIPT_ID } from '../../common/schemas/webchatKey';
import { WebchatConnection } from './connection';
import { mountWidget } from './mount';

const HOST_ID = 'quipu-webchat-host';
/** The API base the server runs with, fixed at build time like the console's. */
const API_BASE = import.meta.env.VITE_API_BASE ?? '/api';

function openFlag(key: string): { get(): boolean; set(open: boolean): void } {
  const name = `quipu-webchat-abierto:${key}`;
  return {
    get: () => {
      try {
        return sessionStorage.getItem(name) === '1';
      } catch {
        return false;
      }
    },
    set: (open) => {
      try {
        sessionStorage.setItem(name, open ? '1' : '0');
      } catch {
        // Not remembered across pages; nothing else changes.
      }
    },
  };
}

async function start(script: HTMLScriptElement): Promise<void> {
  const key = script.getAttribute(WIDGET_DATA_ATTRIBUTE)?.trim();
  if (!key || document.getElementById(HOST_ID)) return;
  const api = new URL(API_BASE, new URL(script.src, window.location.href).origin).href.replace(/\/$/, '');
  const host = document.createElement('div');
  host.id = HOST_ID;
  document.body.append(host);
  const chat = new WebchatConnection({ api, key });
  const canal = await chat.load();
  const open = openFlag(key);
  mountWidget(host).render({ web: canal?.web ?? {}, botName: canal?.bot, chat, open: open.get(), onOpenChange: open.set });
}

// currentScript is only there while the script first runs; the id finds it otherwise.
const script = (document.currentScript as HTMLScriptElement | null) ?? (document.getElementById(WIDGET_SCRIPT_ID) as HTMLScriptElement | null);
if (script) {
  if (document.body) void start(script);
  else document.addEventListener('DOMContentLoaded', () => void start(script), { once: true });
}
