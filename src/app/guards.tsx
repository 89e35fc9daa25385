import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useIsAuthenticated } from '../state/session';
import { paths } from './routes';

/** Pages for signed-in users only: without an access token the user goes to /login/. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const isAuthenticated = useIsAuthenticated();
  return isAuthenticated ? children : <Redirect to={paths.login} replace />;
}

/** Sign-up and login are for visitors: a signed-in user is sent home. */
export function VisitorsOnly({ children }: { children: ReactNode }) {
  const isAuthenticated = useIsAuthenticated();
  return isAuthenticated ? <Redirect to={paths.home} replace /> : children;
}
