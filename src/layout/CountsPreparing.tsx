// The notice of the screens that read the counters while an upgrade still counts the history
// recorded before it (the server's `preparando`): their figures may fall short meanwhile.
import Alert from '@mui/material/Alert';
import { useTranslate } from 'react-admin';

export function CountsPreparing({ preparando }: { preparando?: boolean }) {
  const translate = useTranslate();
  if (!preparando) return null;
  return (
    <Alert severity="info" role="status" sx={{ mb: 2 }}>
      {translate('quipu.dashboard.preparando')}
    </Alert>
  );
}
