import { PlaceholderPage } from './placeholder-page';

// Placeholder until the feature lands; replace this file with the real page.
export function ChangePasswordPage() {
  return (
    <PlaceholderPage title="Login" heading="Change password" feature="changing your password." />
  );
}
