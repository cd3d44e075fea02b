// react-admin's notices at the top right, gone after 12 s (spec §1).
import { Notification } from 'react-admin';
import { NOTICE_DURATION_MS } from './PublicNotices';

export function AdminNotification() {
  return <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={NOTICE_DURATION_MS} />;
}
