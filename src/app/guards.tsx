import type { ComponentType, ReactNode } from 'react';
import { Redirect, Route } from 'wouter';
import { useIsAuthenticated } from '../state/session';
import { paths } from './routes';

/** Pages for signed-in users only: without an access token the user goes to /login/. */
function RequireAuth({ children }: { children: ReactNode }) {
  const isAuthenticated = useIsAuthenticated();
  return isAuthenticated ? children : <Redirect to={paths.login} replace />;
}

/** Sign-up and login are for visitors: a signed-in user is sent home. */
function VisitorsOnly({ children }: { children: ReactNode }) {
  const isAuthenticated = useIsAuthenticated();
  return isAuthenticated ? <Redirect to={paths.home} replace /> : children;
}

interface PageRouteProps {
  path: string;
  component: ComponentType;
}

/**
 * A route whose page `Guard` lets through, written like wouter's own `<Route path component />`
 * in the route table (wouter's Switch takes any element with a `path`).
 */
function guardedRoute(Guard: ComponentType<{ children: ReactNode }>) {
  return function GuardedRoute({ path, component: Page }: PageRouteProps) {
    return (
      <Route path={path}>
        <Guard>
          <Page />
        </Guard>
      </Route>
    );
  };
}

export const SignedInRoute = guardedRoute(RequireAuth);
export const VisitorRoute = guardedRoute(VisitorsOnly);
