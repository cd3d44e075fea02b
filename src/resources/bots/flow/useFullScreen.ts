// The diagram's full screen: Esc leaves it (unless a dialog or a list took the key), the page
// behind stops scrolling, and the view fits the diagram again once React Flow has measured its new size.
import { useEffect, useRef, useState } from 'react';

export function useFullScreen(fit: () => void) {
  const [full, setFull] = useState(false);
  useEffect(() => {
    if (!full) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) setFull(false);
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [full]);
  const sized = useRef(full);
  useEffect(() => {
    if (sized.current === full) return;
    sized.current = full;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(fit);
    });
    return () => cancelAnimationFrame(frame);
  }, [full, fit]);
  return [full, setFull] as const;
}
