import { Route, useLocation } from 'wouter';
import { EmbedPage } from '../pages/embed-page';
import { AppRoutes } from './app-routes';
import { NavBar } from './nav-bar';
import { RouteErrorBoundary } from './route-error-boundary';
import { isEmbedRoute, paths, routeHasFooter } from './routes';
import { SiteFooter } from './site-footer';
import { useRouteChangeFocus } from './use-route-change-focus';

/** The page frame: header everywhere, the routed page, and the footer where SPEC.md wants one. */
export function App() {
  const [location] = useLocation();
  useRouteChangeFocus();
  if (isEmbedRoute(location)) {
    return (
      <RouteErrorBoundary resetKey={location}>
        <main id="main" className="app-main app-main--embed" tabIndex={-1}>
          <Route path={paths.embed} component={EmbedPage} />
        </main>
      </RouteErrorBoundary>
    );
  }
  return (
    <div className="app-frame">
      <NavBar />
      <RouteErrorBoundary resetKey={location}>
        <main id="main" className="app-main" tabIndex={-1}>
          <AppRoutes />
        </main>
      </RouteErrorBoundary>
      {routeHasFooter(location) && <SiteFooter />}
    </div>
  );
}
