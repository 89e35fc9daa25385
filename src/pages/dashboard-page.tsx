import { PlaceholderPage } from './placeholder-page';

// Placeholder until the feature lands; replace this file with the real page.
export function DashboardPage() {
  return (
    <PlaceholderPage
      title="Dashboard"
      heading="Dashboard"
      feature="a list of your uploaded files, where you can make them public, download or delete them."
    />
  );
}
