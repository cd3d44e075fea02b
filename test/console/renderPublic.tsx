// Renders the signed-out console (the public shell) at a path.
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { Session } from '../../common/sessionTypes';
import { PublicShell } from '../../src/auth/PublicShell';

export function renderPublic(path: string, onSignedIn = vi.fn<(session: Session) => void>()) {
  window.history.pushState(null, '', path);
  render(<PublicShell onSignedIn={onSignedIn} />);
  return { onSignedIn };
}
