// The browser tab's title names the screen, then the brand: 'Usuarios · Quipu', 'Bot Ventas · Quipu'.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useBrand } from './BrandContext';

export function documentTitle(screen: string | undefined, brand: string): string {
  const name = screen?.trim();
  return name && name !== brand ? `${name} · ${brand}` : brand;
}

/** Keeps the tab's title on `screen` while the caller is shown. */
export function useDocumentTitle(screen: string | undefined): void {
  const { name } = useBrand();
  useEffect(() => {
    document.title = documentTitle(screen, name);
  }, [screen, name]);
}

/** The text inside `element`, kept current as React renders into it (a portal). */
export function useTextOf(element: HTMLElement | null): string {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!element) return () => undefined;
      const observer = new MutationObserver(onChange);
      observer.observe(element, { childList: true, subtree: true, characterData: true });
      return () => observer.disconnect();
    },
    [element],
  );
  return useSyncExternalStore(subscribe, () => element?.textContent ?? '');
}
