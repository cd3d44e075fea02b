// A notice whose text is already Spanish (a server message): shown as is, not looked up in the
// catalogue, the way react-admin shows data provider errors.
import type { NotificationOptions, NotificationPayload } from 'react-admin';

type NoticeType = 'error' | 'success' | 'info' | 'warning';

export function noticeText(message: string, type: NoticeType): NotificationOptions & { type: NoticeType } {
  return { type, messageArgs: { _: message } };
}

/**
 * The same, for a notice that makes earlier ones stale (how a deploy ended): it takes the place of
 * the notice on screen at once and of any still waiting, rather than queueing behind them.
 */
export function replacingNoticeText(message: string, type: NoticeType): NotificationOptions & { type: NoticeType } {
  return { type, messageArgs: { _: message, reemplaza: true } };
}

export function replacesEarlier(notification: NotificationPayload): boolean {
  return (notification.notificationOptions?.messageArgs as { reemplaza?: unknown } | undefined)?.reemplaza === true;
}
