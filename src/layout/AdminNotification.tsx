// react-admin's notices at the top right, gone after 12 s (spec §1). They sit below the top bar so
// that for those 12 s the user menu, refresh and sidebar button stay within reach.
import { Notification } from 'react-admin';
import { NOTICE_DURATION_MS } from './PublicNotices';

/** react-admin's top bar is 56 px high on phones and 48 px (dense) from sm up; the notice starts 8 px under it. */

export function AdminNotification() {
  return (
    <Notification
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      autoHideDuration={NOTICE_DURATION_MS}
      sx={{ top: { xs: 64, sm: 56 } }}
    />
  );
}
