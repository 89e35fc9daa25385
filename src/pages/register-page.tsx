import { PlaceholderPage } from './placeholder-page';

// Placeholder until the feature lands; replace this file with the real page.
export function RegisterPage() {
  return (
    <PlaceholderPage
      title="Sign up"
      heading="Sign up"
      feature="creating an account on TiLiA Web."
    />
  );
}
