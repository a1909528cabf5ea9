import { useEffect, useState } from 'react';
import { useRenderNow } from '../../lib/render-env.ts';

/**
 * Date.now(), re-read every `intervalMs` while `active` (one timer for a whole list of countdowns). A
 * server-rendered page shows the moment it was rendered until it has hydrated, so both renders agree.
 */
export function useNow(active = true, intervalMs = 1000): number {
  const renderNow = useRenderNow();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return renderNow ?? now;
}
