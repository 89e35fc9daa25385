import { PlaceholderPage } from './placeholder-page';

// Placeholder until the feature lands; replace this file with the real page.
export function BrowseTimelinesPage() {
  return (
    <PlaceholderPage
      title="Search"
      heading="Browse timelines"
      feature="searching hierarchy, marker and beat timeline components of public files."
    />
  );
}
