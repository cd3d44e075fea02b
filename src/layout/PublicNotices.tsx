// The public pages' notices: top right, gone after 12 s, like the admin's Notification.
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

export const NOTICE_DURATION_MS = 12_000;

type Notify = (message: string, severity?: AlertColor) => void;
interface Notice {
  id: number;
  message: string;
  severity: AlertColor;
}

const NoticeContext = createContext<Notify>(() => undefined);

export function useNotice(): Notify {
  return useContext(NoticeContext);
}

export function PublicNotices({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const notify = useCallback<Notify>((message, severity = 'info') => {
    setNotice((previous) => ({ id: (previous?.id ?? 0) + 1, message, severity }));
  }, []);
  const close = useCallback(() => setNotice(null), []);

  return (
    <NoticeContext value={notify}>
      {children}
      <Snackbar
        key={notice?.id}
        open={notice !== null}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        autoHideDuration={NOTICE_DURATION_MS}
        onClose={(_, reason) => reason !== 'clickaway' && close()}
      >
        {notice ? (
          <Alert severity={notice.severity} variant="filled" onClose={close}>
            {notice.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </NoticeContext>
  );
}
