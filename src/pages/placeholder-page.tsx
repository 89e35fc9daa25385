import { usePageTitle } from '../lib/use-page-title';

interface PlaceholderPageProps {
  /** The exact document title. */
  title: string;
  heading: string;
  /** What the finished page will let the user do. */
  feature: string;
}

/** Stands in for a page that later work delivers; it says so and offers no controls. */
export function PlaceholderPage({ title, heading, feature }: PlaceholderPageProps) {
  usePageTitle(title);
  return (
    <div className="page page--narrow">
      <h1>{heading}</h1>
      <p className="placeholder-note">Coming soon: {feature} This page is not available yet.</p>
    </div>
  );
}
