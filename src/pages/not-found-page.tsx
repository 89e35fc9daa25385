import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../app/routes';
import { usePageTitle, withProductName } from '../lib/use-page-title';

/** SPEC.md section 2: an unknown path alerts, then sends the user home. */
export function NotFoundPage() {
  const [, navigate] = useLocation();
  const handled = useRef(false);
  usePageTitle(withProductName('Page not found'));

  useEffect(() => {
    // The ref keeps React's development double effects from alerting twice.
    if (handled.current) return;
    handled.current = true;
    window.alert('This page cannot be found. Redirecting you back home...');
    navigate(paths.home, { replace: true });
  }, [navigate]);

  return (
    <div className="page page--narrow">
      <h1>Page not found</h1>
      <p>This page cannot be found. Redirecting you back home...</p>
    </div>
  );
}
