// The public pages' tiny router: the path below the base path, pushState and popstate. Kept
// apart from react-router so the login page stays small.
import { useSyncExternalStore, type MouseEvent } from 'react';
import { BASENAME } from '../api/client';

export function currentPath(): string {
  const { pathname } = window.location;
  const path = pathname.startsWith(BASENAME) ? pathname.slice(BASENAME.length) : pathname;
  return path || '/';
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
}

export function usePathname(): string {
  return useSyncExternalStore(subscribe, currentPath);
}

export function navigate(path: string, { replace = false } = {}): void {
  const url = BASENAME + path;
  if (replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** Props for an <a> that moves inside the public pages without reloading. */
export function linkProps(path: string) {
  return {
    href: BASENAME + path,
    onClick: (event: MouseEvent) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      navigate(path);
    },
  };
}
