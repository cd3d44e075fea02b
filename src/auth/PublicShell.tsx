// What signed-out visitors get: /, /login → Login; /recuperar; /renovar/{user};
// any other path → Login. Brand theme, notices and the progress bar included.
import { useEffect, useMemo } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { esES } from '@mui/material/locale';
import type { Session } from '../../common/sessionTypes';
import { useBrand } from '../layout/BrandContext';
import { ProgressBar } from '../layout/ProgressBar';
import { PublicNotices, useNotice } from '../layout/PublicNotices';
import { brandThemeOptions } from '../layout/themes';
import { Login } from './Login';
import { usePathname } from './publicRouter';
import { Recuperar } from './Recuperar';
import { Renovar } from './Renovar';

export interface PublicShellProps {
  onSignedIn: (session: Session) => void;
  /** Why the start-up check failed (server unreachable, ...), shown once as an error notice. */
  startupError?: string;
}

function PublicPage({ onSignedIn, startupError }: PublicShellProps) {
  const path = usePathname();
  const notify = useNotice();
  useEffect(() => {
    if (startupError) notify(startupError, 'error');
  }, [startupError, notify]);

  if (path === '/recuperar') return <Recuperar />;
  const renovar = /^\/renovar\/([^/]+)\/?$/.exec(path);
  if (renovar) return <Renovar encodedUser={decodeURIComponent(renovar[1])} />;
  return <Login onSignedIn={onSignedIn} />;
}

export function PublicShell(props: PublicShellProps) {
  const brand = useBrand();
  const theme = useMemo(() => createTheme(brandThemeOptions(brand), esES), [brand]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ProgressBar />
      <PublicNotices>
        <PublicPage {...props} />
      </PublicNotices>
    </ThemeProvider>
  );
}
