import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Once the content is rendered, scrolls to the element named by the URL hash (`#deposits`). */
export function useHashScroll(ready: boolean, onTarget?: (id: string) => void): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    onTarget?.(id);
    const frame = window.requestAnimationFrame(() => {
      document.getElementById(id)?.scrollIntoView({ block: 'start' });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [ready, hash, onTarget]);
}
