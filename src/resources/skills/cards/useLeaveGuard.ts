// Leaving the page with an unsaved card (an action, a requirement) asks first, as a form with
// unsaved changes does: '¿Seguro deseas salir sin guardar tus cambios?' for a navigation inside
// the console, the browser's own prompt for a reload or a closed tab.
import { useEffect } from 'react';
import { useBlocker, useTranslate } from 'react-admin';

export function useLeaveGuard(unsaved: boolean): void {
  const translate = useTranslate();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (!unsaved || window.confirm(translate('ra.message.unsaved_changes'))) blocker.proceed?.();
    else blocker.reset?.();
    // The blocker object changes on every render; its state is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocker.state, unsaved, translate]);

  useEffect(() => {
    if (!unsaved) return;
    const beforeunload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeunload);
    return () => window.removeEventListener('beforeunload', beforeunload);
  }, [unsaved]);
}
