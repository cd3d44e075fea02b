// Copies a text to the clipboard and says so for 1.5 s; a refusal is a notice.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';

export const COPIADO_MS = 1500;

export function useCopiado() {
  const notify = useNotify();
  const [copiado, setCopiado] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        notify('quipu.canalWeb.noSePudoCopiar', { type: 'warning' });
        return;
      }
      clearTimeout(timer.current);
      setCopiado(true);
      timer.current = setTimeout(() => setCopiado(false), COPIADO_MS);
    },
    [notify],
  );
  return { copiado, copy };
}
