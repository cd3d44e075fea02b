// Boot: a loader until the session check completes, then the public pages or the admin app.
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { session, sessionStore } from './api/client';
import { boot } from './boot/boot';
import { Boot } from './boot/Boot';
import { Loader } from './layout/Loader';

const booting = boot(session, sessionStore);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Suspense fallback={<Loader />}>
      <Boot booting={booting} />
    </Suspense>
  </StrictMode>,
);
