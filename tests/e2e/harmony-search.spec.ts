import { expect, test, type Page } from '@playwright/test';

// Against the seeded examples: DCML's harmonies of 18 Mozart movements, K. 331's first in A major.

const rows = (page: Page) => page.locator('table.browse-grid tbody tr');

async function searchHarmony(page: Page, conditions: [string, string][]) {
  await page.goto('/browse/timelines/');
  await page.getByRole('radio', { name: 'Harmony' }).check();
  const group = page.getByRole('group', { name: 'Component conditions' });
  for (const [index, [property, value]] of conditions.entries()) {
    await group.getByRole('button', { name: 'Add condition...' }).click();
    await page
      .getByLabel(`Component conditions: property of condition ${index + 1}`)
      .selectOption(property);
    await page.getByLabel(`Component conditions: value of condition ${index + 1}`).fill(value);
  }
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test("'V7' in A major lists dominant sevenths; a result opens the viewer with it selected", async ({
  page,
}) => {
  await page.goto('/browse/timelines/');
  await page.getByRole('radio', { name: 'Harmony' }).check();
  const group = page.getByRole('group', { name: 'Component conditions' });
  await group.getByRole('button', { name: 'Add condition...' }).click();
  // The numeral is the first property a harmony condition offers.
  await expect(page.getByLabel('Component conditions: property of condition 1')).toHaveValue(
    'numeral',
  );

  await searchHarmony(page, [
    ['numeral', 'V7'],
    ['key', 'A major'],
  ]);
  await expect(rows(page)).toHaveCount(15);
  const headings = page.locator('table.browse-grid thead th');
  await expect(headings).toHaveText([
    /TITLE/,
    /COMPOSER/,
    /KEY/,
    /NUMERAL/,
    /QUALITY/,
    /INV\./,
    /APPLIED TO/,
    /TIME/,
    /COMMENTS/,
    /BAR/,
  ]);
  for (const key of await rows(page).locator('td:nth-child(3)').allTextContents()) {
    expect(key).toBe('A major');
  }
  for (const numeral of await rows(page).locator('td:nth-child(4)').allTextContents()) {
    expect(numeral).toMatch(/^V(7|65|43|42)$/);
  }
  for (const quality of await rows(page).locator('td:nth-child(5)').allTextContents()) {
    expect(quality).toBe('dominant-seventh');
  }
  for (const bar of await rows(page).locator('td:nth-child(10)').allTextContents()) {
    expect(bar).toMatch(/^\d+( \(\d+(st|nd|rd|th) time\))?, beat \d+(\.\d+)?$/);
  }
  await expect(page).toHaveURL(/kind=HARMONY.*numeral=V7.*key=A\+major/);

  // Sorted by time, descending: the latest dominant seventh in A major first.
  await page.getByRole('columnheader', { name: /TIME/ }).getByRole('button').click();
  await page.getByRole('columnheader', { name: /TIME/ }).getByRole('button').click();
  await expect(page).toHaveURL(/sort=time&dir=desc/);
  const times = await rows(page).locator('td:nth-child(8)').allTextContents();
  expect(times).toEqual([...times].sort().reverse());

  const first = rows(page).first();
  const numeral = (await first.locator('td:nth-child(4)').textContent())!;
  const time = (await first.locator('td:nth-child(8)').textContent())!;
  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/viewer\/\d+\/\?t=[\d.]+&c=\d+$/);
  const inspector = page.locator('.viewer-inspector');
  await expect(inspector).toContainText('Harmony');
  await expect(inspector).toContainText(numeral);
  await expect(inspector).toContainText('dominant seventh');
  await expect(page.locator('.viewer-clock')).toContainText(time);
});

test('a numeral that is none says why, and the page is shown at desktop and phone widths', async ({
  page,
}) => {
  const alerts: string[] = [];
  page.on('dialog', async (dialog) => {
    alerts.push(dialog.message());
    await dialog.dismiss();
  });
  await searchHarmony(page, [['numeral', 'V8x']]);
  await expect.poll(() => alerts.join(' ')).toContain('is not a Roman numeral');

  for (const width of [1440, 360]) {
    await page.setViewportSize({ width, height: 900 });
    // Every inversion of the dominant seventh of V.
    await searchHarmony(page, [['numeral', 'V7/V']]);
    await expect(rows(page)).toHaveCount(15);
    for (const numeral of await rows(page).locator('td:nth-child(4)').allTextContents()) {
      expect(numeral).toMatch(/^V(7|65|43|42)\/V$/);
    }
    for (const applied of await rows(page).locator('td:nth-child(7)').allTextContents()) {
      expect(applied).toBe('/V');
    }
    // The whole page at desktop width; the form and first results on a phone.
    await page.screenshot({
      path: `test-results/harmony-search-${width}.png`,
      fullPage: true,
      ...(width < 600 ? { clip: { x: 0, y: 0, width, height: 1300 } } : {}),
    });
  }
});
