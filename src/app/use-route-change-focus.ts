import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * After client-side navigation, start the new page at the top and move focus to <main>, so
 * keyboard and screen-reader users land on the new content instead of the old link.
 */
export function useRouteChangeFocus(): void {
  const [location] = useLocation();
  const previous = useRef(location);

  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [location]);
}
