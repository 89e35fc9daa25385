import { withProductName } from '../lib/use-page-title';
import { PlaceholderPage } from './placeholder-page';

// Placeholder until the feature lands; replace this file with the real page.
export function ResetPasswordConfirmPage() {
  return (
    <PlaceholderPage
      title={withProductName('Reset password')}
      heading="Check your e-mail"
      feature="confirmation that a password reset link was sent."
    />
  );
}
