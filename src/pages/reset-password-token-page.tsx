import { withProductName } from '../lib/use-page-title';
import { PlaceholderPage } from './placeholder-page';

// Placeholder until the feature lands; replace this file with the real page.
export function ResetPasswordTokenPage() {
  return (
    <PlaceholderPage
      title={withProductName('Choose a new password')}
      heading="Choose a new password"
      feature="choosing a new password from the link in your e-mail."
    />
  );
}
