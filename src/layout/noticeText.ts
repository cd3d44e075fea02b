// A notice whose text is already Spanish (a server message): shown as is, not looked up in the
// catalogue, the way react-admin shows data provider errors.
import type { NotificationOptions } from 'react-admin';

export function noticeText(message: string, type: 'error' | 'success' | 'info' | 'warning'): NotificationOptions & { type: typeof type } {
  return { type, messageArgs: { _: message } };
}
