import { PlaceholderPage } from './placeholder-page';

// Placeholder until the feature lands; replace this file with the real page.
export function LoginPage() {
  return <PlaceholderPage title="Login" heading="Login" feature="signing in to TiLiA Web." />;
}
