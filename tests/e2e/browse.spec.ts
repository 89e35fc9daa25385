import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';

// Against the seeded examples: 18 public Mozart movements, three of them from K. 331.

const rows = (page: Page) => page.locator('table.browse-grid tbody tr');

async function searchFiles(page: Page, property: string, value: string) {
  await page.goto('/browse/files/');
  await expect(page).toHaveTitle('Browse files | TiLiA');
  await page.getByLabel('Search conditions: property of condition 1').selectOption(property);
  await page.getByLabel('Search conditions: value of condition 1').fill(value);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test('title K. 331 lists exactly the three movements', async ({ page }) => {
  await searchFiles(page, 'title', 'K. 331');
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).first()).toContainText('K. 331: I. Andante grazioso');
  await expect(rows(page).first()).toContainText('Wolfgang Amadeus Mozart');
  await expect(
    page.getByRole('navigation', { name: 'Result pages' }).getByRole('button', { name: /^Page / }),
  ).toHaveCount(1);
});

test("composer 'mozart' lists 18 files over two pages, and the page is in the URL", async ({
  page,
}) => {
  await searchFiles(page, 'composer', 'mozart');
  await expect(rows(page)).toHaveCount(15);
  const pages = page.getByRole('navigation', { name: 'Result pages' });
  await expect(pages.getByRole('button', { name: /^Page / })).toHaveText(['1', '2']);
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(rows(page)).toHaveCount(3);
  await expect(page).toHaveURL(/composer=mozart.*page=2/);
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // A result page can be reloaded and shared, and Back returns to the previous search.
  await page.reload();
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByLabel('Search conditions: value of condition 1')).toHaveValue('mozart');
  await page.goBack();
  await expect(page).toHaveURL(/page=1/);
  await expect(rows(page)).toHaveCount(15);
});

test('sorting by performer and again toggles the arrow and reruns the search', async ({ page }) => {
  await page.goto('/browse/files/');
  const title = page.getByRole('columnheader', { name: /TITLE/ });
  const performer = page.getByRole('columnheader', { name: /PERFORMER/ });
  await expect(title).toHaveAttribute('aria-sort', 'ascending');
  await expect(title).toContainText('▲');
  await expect(rows(page)).toHaveCount(15);

  await performer.getByRole('button').click();
  await expect(performer).toHaveAttribute('aria-sort', 'ascending');
  await expect(performer).toContainText('▲');
  await expect(title).toHaveAttribute('aria-sort', 'none');
  await expect(page).toHaveURL(/sort=performer&dir=asc/);

  await performer.getByRole('button').click();
  await expect(performer).toHaveAttribute('aria-sort', 'descending');
  await expect(performer).toContainText('▼');
  await expect(page).toHaveURL(/sort=performer&dir=desc/);
  await expect(rows(page)).toHaveCount(15);
});

test("a Marker search for label 'PAC' lists cadences with h:mm:ss.cc times", async ({ page }) => {
  await page.goto('/browse/timelines/');
  await expect(page).toHaveTitle('Search');
  await expect(page.getByRole('radio', { name: 'Hierarchy' })).toBeChecked();
  await page.getByRole('radio', { name: 'Marker' }).check();
  const components = page.getByRole('group', { name: 'Component conditions' });
  await components.getByRole('button', { name: 'Add condition...' }).click();
  await expect(page.getByLabel('Component conditions: property of condition 1')).toHaveValue(
    'label',
  );
  await page.getByLabel('Component conditions: value of condition 1').fill('PAC');
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  await expect(rows(page)).toHaveCount(15);
  const headings = page.locator('table.browse-grid thead th');
  await expect(headings).toHaveText([/TITLE/, /COMPOSER/, /LABEL/, /TIME/, /COMMENTS/, /BAR/]);
  const times = await rows(page).locator('td:nth-child(4)').allTextContents();
  for (const time of times) expect(time).toMatch(/^\d+:\d{2}:\d{2}\.\d{2}$/);
  // The seeded analyses have beats: each cadence says its bar (and playing, after a repeat).
  for (const bar of await rows(page).locator('td:nth-child(6)').allTextContents()) {
    expect(bar).toMatch(/^\d+( \(\d+(st|nd|rd|th) time\))?, beat \d+(\.\d)?$/);
  }
  for (const label of await rows(page).locator('td:nth-child(3)').allTextContents()) {
    expect(label.toUpperCase()).toContain('PAC');
  }
  await expect(page).toHaveURL(/kind=MARKER.*label=PAC.*page=1/);

  // Sorting by time now reruns the search, ascending.
  await page.getByRole('columnheader', { name: /TIME/ }).getByRole('button').click();
  await expect(page).toHaveURL(/sort=time&dir=asc/);
  await expect(rows(page).first().locator('td:nth-child(4)')).toHaveText(/^0:00:/);

  // A result opens the viewer at its moment, with the cadence selected.
  const first = rows(page).first();
  const [label, time] = [
    await first.locator('td:nth-child(3)').textContent(),
    await first.locator('td:nth-child(4)').textContent(),
  ];
  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/viewer\/\d+\/\?t=[\d.]+&c=\d+$/);
  await expect(page.locator('.viewer-inspector')).toContainText(label!);
  await expect(page.locator('.viewer-clock')).toContainText(time!);
  await page.goBack();

  // Changing the kind clears the component conditions, and the marker results with them: the
  // grid shows the new kind's columns, empty until the search is run.
  await page.getByRole('radio', { name: 'Beat' }).check();
  await expect(page.getByLabel('Component conditions: value of condition 1')).toHaveCount(0);
  await expect(rows(page)).toHaveCount(0);
  await expect(headings).toHaveText([/TITLE/, /COMPOSER/, /TIME/, /BAR/]);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(rows(page)).toHaveCount(15);
  await expect(page).toHaveURL(/kind=BEAT/);
});

test('the download icon saves the .tla named after the work title', async ({ page, request }) => {
  await searchFiles(page, 'title', 'Alla Turca');
  await expect(rows(page)).toHaveCount(1);
  const title = 'Piano Sonata No. 11 in A major, K. 331: III. Alla Turca';
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download ${title}` }).click();
  const download = await downloading;
  // ':' cannot be in a file name on Windows; it is the one character the title loses.
  expect(download.suggestedFilename()).toBe(`${title.replace(':', '_')}.tla`);
  const saved = await readFile((await download.path())!);
  const original = await request.get('/api/v1/files/152/tla');
  expect(saved.equals(await original.body())).toBe(true);
});

test("an unreachable server alerts, and shows 'Error connecting to server.'", async ({ page }) => {
  await page.goto('/browse/files/');
  await expect(rows(page)).toHaveCount(15);
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  // The server stops answering: every API request fails at the network level.
  await page.route('**/api/v1/**', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Error connecting to server.')).toBeVisible();
  await expect
    .poll(() => alerts)
    .toEqual(['A server/network error occurred. Try waiting for a bit and reloading the page.']);

  // SPEC.md section 8: the timeline search also raises an alert with the error.
  alerts.length = 0;
  await page.goto('/browse/timelines/');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Error connecting to server.')).toBeVisible();
  await expect.poll(() => alerts.length).toBe(2);
  expect(alerts[0]).toBe(
    'A server/network error occurred. Try waiting for a bit and reloading the page.',
  );
  expect(alerts[1]).toContain('Error connecting to server.');
});
