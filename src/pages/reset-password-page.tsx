import { withProductName } from '../lib/use-page-title';
import { PlaceholderPage } from './placeholder-page';

// Placeholder until the feature lands; replace this file with the real page.
export function ResetPasswordPage() {
  return (
    <PlaceholderPage
      title={withProductName('Reset password')}
      heading="Reset password"
      feature="requesting a link to reset your password."
    />
  );
}
