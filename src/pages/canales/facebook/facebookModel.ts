// The Facebook editor's addresses, whether the channel is connected, and the persistent menu's
// form: its blank button and the rule a button's title or value breaks.
import { API_URL } from '../../../api/client';
import { MENU_LIMITS, type Canal, type MenuButton, type MenuButtonType } from '../../../api/canales';

export const facebookLoginUrl = (id: string) => `${API_URL}/loginFB?ch=${encodeURIComponent(id)}`;
export const facebookWebhookUrl = (id: string) => `${API_URL}/wh/facebook/${encodeURIComponent(id)}`;

/** Connected: active with an account signed in (a channel just created is active, but not connected yet). */
export const isConnected = (canal: Canal | null) => !!canal?.id && canal.activo && !!canal.cfg.fbUserId;

export interface MenuButtonValues {
  type: MenuButtonType;
  title: string;
  value: string;
}

export const blankButton = (): MenuButtonValues => ({ type: 'POSTBACK', title: '', value: '' });

/** The i18n key of the rule a button's title or value breaks, or undefined. */
export function buttonFieldError(text: string): string | undefined {
  if (!text.trim()) return 'quipu.facebook.botonRequerido';
  if ([...text.trim()].length > MENU_LIMITS.text) return 'quipu.facebook.maximo';
  return undefined;
}

/** The buttons as the server takes them. */
export const toMenuButtons = (buttons: readonly MenuButtonValues[]): MenuButton[] => buttons.map((b) => ({ type: b.type, title: b.title.trim(), value: b.value.trim() }));
