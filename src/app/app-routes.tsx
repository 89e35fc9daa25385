import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { AboutPage } from '../pages/about-page';
import { BrowseFilesPage } from '../pages/browse-files-page';
import { BrowseTimelinesPage } from '../pages/browse-timelines-page';
import { QueryPage } from '../pages/query-page';
import { ChangePasswordPage } from '../pages/change-password-page';
import { ChangeProfilePage } from '../pages/change-profile-page';
import { DashboardPage } from '../pages/dashboard-page';
import { DownloadsPage } from '../pages/downloads-page';
import { HomePage } from '../pages/home-page';
import { LocalViewerPage } from '../pages/local-viewer-page';
import { LoginPage } from '../pages/login-page';
import { NotFoundPage } from '../pages/not-found-page';
import { RegisterPage } from '../pages/register-page';
import { ResetPasswordConfirmPage } from '../pages/reset-password-confirm-page';
import { ResetPasswordPage } from '../pages/reset-password-page';
import { ResetPasswordTokenPage } from '../pages/reset-password-token-page';
import { UploadPage } from '../pages/upload-page';
import { ViewerPage } from '../pages/viewer-page';
import { SignedInRoute, VisitorRoute } from './guards';
import { paths } from './routes';

// The help centre brings the Markdown renderer and every help page's text: its own chunk, so
// the other pages (the viewer above all) do not download and evaluate them.
const LazyHelpPage = lazy(() =>
  import('../pages/help-page').then((module) => ({ default: module.HelpPage })),
);

function HelpPage({ slug }: { slug: string }) {
  return (
    <Suspense fallback={null}>
      <LazyHelpPage slug={slug} />
    </Suspense>
  );
}

/** The route table of SPEC.md section 2. Order matters only where patterns overlap (help). */
export function AppRoutes() {
  return (
    <Switch>
      <Route path={paths.home} component={HomePage} />
      <Route path={paths.about} component={AboutPage} />
      <Route path={paths.downloads} component={DownloadsPage} />

      <VisitorRoute path={paths.register} component={RegisterPage} />
      <VisitorRoute path={paths.login} component={LoginPage} />
      <Route path={paths.resetPassword} component={ResetPasswordPage} />
      <Route path={paths.resetPasswordWithToken} component={ResetPasswordTokenPage} />
      <Route path={paths.resetPasswordConfirm} component={ResetPasswordConfirmPage} />

      <SignedInRoute path={paths.changePassword} component={ChangePasswordPage} />
      <SignedInRoute path={paths.changeProfile} component={ChangeProfilePage} />
      <SignedInRoute path={paths.dashboard} component={DashboardPage} />
      <SignedInRoute path={paths.upload} component={UploadPage} />

      <Route path={paths.browseFiles} component={BrowseFilesPage} />
      <Route path={paths.browseTimelines} component={BrowseTimelinesPage} />
      <Route path={paths.browseQuery} component={QueryPage} />
      <Route path={paths.localViewer} component={LocalViewerPage} />
      <Route path={paths.viewer} component={ViewerPage} />
      <Route path={paths.viewerWithoutId} component={ViewerPage} />

      <Route path={paths.helpIntroduction}>
        <Redirect to={paths.help} replace />
      </Route>
      <Route path={paths.help}>
        <HelpPage slug="" />
      </Route>
      <Route path={paths.helpPage}>{(params) => <HelpPage slug={params['*'] ?? ''} />}</Route>

      <Route component={NotFoundPage} />
    </Switch>
  );
}
