import { expect, type Locator, type Page } from '@playwright/test';

/** A link's accessible name, as getByRole takes it, and the href it must have. */
export type LinkTarget = readonly [name: string | RegExp, href: string];

/** Expects each link, found by name inside `scope`, to point where it should. */
export async function expectLinkTargets(
  scope: Page | Locator,
  links: readonly LinkTarget[],
): Promise<void> {
  for (const [name, href] of links) {
    await expect(scope.getByRole('link', { name })).toHaveAttribute('href', href);
  }
}
