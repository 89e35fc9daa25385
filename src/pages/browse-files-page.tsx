import { withProductName } from '../lib/use-page-title';
import { PlaceholderPage } from './placeholder-page';

// Placeholder until the feature lands; replace this file with the real page.
export function BrowseFilesPage() {
  return (
    <PlaceholderPage
      title={withProductName('Browse files')}
      heading="Browse files"
      feature="searching public files by title, composer and performer."
    />
  );
}
