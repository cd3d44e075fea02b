// Renders the real signed-in console at a path, for a given session.
import { render } from '@testing-library/react';
import App from '../../src/App';
import { sessionStore } from '../../src/api/client';
import type { Session } from '../../common/sessionTypes';
import { BrandContext } from '../../src/layout/BrandContext';

export function renderApp(path: string, session: Session, brand = { name: 'Quipu', alt: false }) {
  sessionStore.set(session);
  window.history.pushState(null, '', path);
  return render(
    <BrandContext value={brand}>
      <App />
    </BrandContext>,
  );
}
