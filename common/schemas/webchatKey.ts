// The web chat's embed snippet and the channel key it carries (base64url of the channel id), shared
// by the server, the console's editor and the widget. Pure functions with no imports at all, so the
// widget's small bundle can take them without TypeBox.

/** The id of the snippet's script tag; the widget finds itself by it when document.currentScript is gone. */
export const WIDGET_SCRIPT_ID = 'quipu-webchat';
/** The data attribute holding the encoded channel id. */
export const WIDGET_DATA_ATTRIBUTE = 'data-canal';
/** Where the widget's script is served, under the console's base path. */
export const WIDGET_SCRIPT_PATH = 'webchat/quipu-webchat.js';
/** The sample shop page that embeds the widget, under the console's base path. */
export const WIDGET_SAMPLE_PATH = 'webchat/ejemplo.html';

const KEY_FORMAT = /^[A-Za-z0-9_-]{1,200}$/;

/** base64url (no padding) of the channel id's UTF-8 bytes. */
export function encodeCanalKey(idCanal: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(idCanal)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The channel id a key encodes, or null when it is not one of ours. */
export function decodeCanalKey(key: string): string | null {
  if (!KEY_FORMAT.test(key) || key.length % 4 === 1) return null;
  try {
    const binary = atob(key.replace(/-/g, '+').replace(/_/g, '/'));
    const id = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    return id && encodeCanalKey(id) === key ? id : null;
  } catch {
    return null;
  }
}

/** `{base}/` with exactly one slash at each end ('/' stays '/'). */
function withSlashes(basePath: string): string {
  const trimmed = basePath.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

/** The widget script's address on the chat host `origin` (e.g. 'https://bots.example.com'). */
export function widgetScriptUrl(origin: string, basePath: string): string {
  return `${origin.replace(/\/+$/, '')}${withSlashes(basePath)}${WIDGET_SCRIPT_PATH}`;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The script tag a customer pastes into their page to show channel `idCanal`'s chat. */
export function embedSnippet(origin: string, basePath: string, idCanal: string): string {
  const src = escapeAttribute(widgetScriptUrl(origin, basePath));
  return `<script id="${WIDGET_SCRIPT_ID}" src="${src}" ${WIDGET_DATA_ATTRIBUTE}="${encodeCanalKey(idCanal)}" async></script>`;
}
