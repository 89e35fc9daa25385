import { PlaceholderPage } from './placeholder-page';

// Placeholder until the feature lands; replace this file with the real page.
export function ChangeProfilePage() {
  return (
    <PlaceholderPage
      title="Change user information"
      heading="Change user information"
      feature="changing your name, username and e-mail."
    />
  );
}
