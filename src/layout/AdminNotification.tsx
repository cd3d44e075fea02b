// react-admin's notices at the top right, gone after 12 s. They sit below the top bar so
// that for those 12 s the user menu, refresh and sidebar button stay within reach. A replacing
// notice (noticeText.ts) does not wait its turn: what was shown or queued before it is dropped.
import { useMemo, useState } from 'react';
import { Notification, NotificationContext, useNotificationContext, type NotificationPayload } from 'react-admin';
import { replacesEarlier } from './noticeText';
import { NOTICE_DURATION_MS } from './PublicNotices';

/** react-admin's top bar is 56 px high on phones and 48 px (dense) from sm up; the notice starts 8 px under it. */

export function AdminNotification() {
  const context = useNotificationContext();
  const { notifications, setNotifications } = context;
  const cut = notifications.findLastIndex(replacesEarlier);
  const replacing = cut >= 0 ? notifications[cut] : undefined;
  // A new replacing notice mounts a new snackbar, which takes it at once; the old one goes with its notice.
  const [latest, setLatest] = useState<NotificationPayload>();
  const [generation, setGeneration] = useState(0);
  if (replacing && replacing !== latest) {
    setLatest(replacing);
    setGeneration(generation + 1);
  }
  const value = useMemo(() => {
    const queue = cut > 0 ? notifications.slice(cut) : notifications;
    return {
      ...context,
      notifications: queue,
      takeNotification: () => {
        const next = queue[0];
        if (next) setNotifications((list) => list.slice(list.indexOf(next) + 1));
        return next;
      },
    };
  }, [context, cut, notifications, setNotifications]);
  return (
    <NotificationContext.Provider value={value}>
      <Notification
        key={generation}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        autoHideDuration={NOTICE_DURATION_MS}
        sx={{ top: { xs: 64, sm: 56 } }}
      />
    </NotificationContext.Provider>
  );
}
