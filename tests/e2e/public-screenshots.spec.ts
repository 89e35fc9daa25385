import { test } from '@playwright/test';

/**
 * Full-page screenshots of the public pages at a phone and a desktop width, for a person to
 * judge (test-results/screenshots/). They assert nothing beyond the pages loading.
 */
const pages = [
  { name: 'home', path: '/' },
  { name: 'downloads', path: '/downloads/' },
  { name: 'help-import', path: '/help/import/' },
  { name: 'about', path: '/about' },
  { name: 'help-index', path: '/help/' },
];
const widths = [1440, 360];

for (const width of widths) {
  for (const { name, path } of pages) {
    test(`screenshot ${name} at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await page.screenshot({
        path: `test-results/screenshots/${name}-${width}.png`,
        fullPage: true,
      });
    });
  }
}

test('screenshot the open navigation menus', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 600 });
  await page.goto('/');
  await page.getByRole('button', { name: 'BROWSE' }).click();
  await page.screenshot({ path: 'test-results/screenshots/nav-browse-1440.png' });

  await page.setViewportSize({ width: 360, height: 760 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'BROWSE' }).click();
  await page.screenshot({ path: 'test-results/screenshots/nav-menu-360.png' });
});
