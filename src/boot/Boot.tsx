// Chooses between the small public pages and the admin app, which is a lazy chunk loaded only
// once someone is signed in.
import { lazy, Suspense, use } from 'react';
import { sessionStore } from '../api/client';
import type { Session } from '../../common/sessionTypes';
import { useSessionFrom } from '../api/sessionStore';
import { PublicShell } from '../auth/PublicShell';
import { currentPath, navigate } from '../auth/publicRouter';
import { BrandContext } from '../layout/BrandContext';
import { Loader } from '../layout/Loader';
import type { BootResult } from './boot';

const App = lazy(() => import('../App'));

function signIn(session: Session) {
  // Signed in from the login page: the app opens on its dashboard; any other path stays.
  if (currentPath() === '/login') navigate('/', { replace: true });
  sessionStore.set(session);
}

export function Boot({ booting }: { booting: Promise<BootResult> }) {
  const { brand, error } = use(booting);
  const signedIn = useSessionFrom(sessionStore) !== null;
  return (
    <BrandContext value={brand}>
      {signedIn ? (
        <Suspense fallback={<Loader />}>
          <App />
        </Suspense>
      ) : (
        <PublicShell onSignedIn={signIn} startupError={error} />
      )}
    </BrandContext>
  );
}
