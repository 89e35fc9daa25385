import { PlaceholderPage } from './placeholder-page';

// Placeholder until the feature lands; replace this file with the real page.
export function UploadPage() {
  return (
    <PlaceholderPage
      title="Upload"
      heading="Upload"
      feature="uploading your .tla files, optionally making them public."
    />
  );
}
