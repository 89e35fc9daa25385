import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';

// The query page against the seeded Mozart examples (TQL.md section 12).

const grid = (page: Page) => page.locator('table.query-grid');
const box = (page: Page) => page.getByLabel('TQL query');

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/tql-shots/${name}.png`, fullPage: false });
}

test('an example query runs, shows its steps as columns and links each unit to the viewer', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.getByRole('button', { name: 'BROWSE' }).click();
  await page.getByRole('link', { name: 'Query' }).click();
  await expect(page).toHaveURL(/\/browse\/query\/?$/);
  await page.getByRole('button', { name: 'V7 THEN I IN harmony' }).click();
  await expect(page).toHaveURL(/q=V7\+THEN\+I\+IN\+harmony/);
  await expect(grid(page).locator('thead th')).toHaveText(['File', '$1', '$2']);
  await expect(grid(page).locator('tbody tr').first()).toBeVisible();
  const first = grid(page).locator('tbody tr').first().locator('td').nth(1).getByRole('link');
  await expect(first).toHaveText(/^V7@\d+:\d\d\.\d\d$/);
  const href = await first.getAttribute('href');
  expect(href).toMatch(/^\/viewer\/\d+\/\?t=[\d.]+&c=\d+$/);
  await shot(page, 'query-1440-v7-i');

  // A second example; Back returns to the first query's results, the box keeping its text.
  await page.getByText('Example queries').click();
  await page
    .getByRole('button', { name: 'HC IN cadences BEFORE PAC IN cadences WITHIN 8 bars' })
    .click();
  await expect(box(page)).toHaveValue('HC IN cadences BEFORE PAC IN cadences WITHIN 8 bars');
  await expect(grid(page).locator('tbody tr td').nth(1)).toContainText('HC@');
  await shot(page, 'query-1440-hc-pac');
  await page.goBack();
  await expect(box(page)).toHaveValue('V7 THEN I IN harmony');
  await expect(grid(page).locator('tbody tr td').nth(1)).toContainText('V7@');

  // The unit's link opens the viewer at its moment.
  await first.click();
  await expect(page).toHaveURL(/\/viewer\/\d+\/\?t=[\d.]+&c=\d+$/);
});

test('Ctrl+Enter runs what was typed, and an error is underlined where it is', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/browse/query/');
  await box(page).fill('verse THEN THEN chorus');
  await box(page).press('Control+Enter');
  await expect(page).toHaveURL(/q=verse\+THEN\+THEN\+chorus/);
  await expect(page.locator('mark.query-problem__mark')).toHaveText('THEN');
  await expect(page.getByRole('alert')).toContainText('Expected a unit');
  await expect(box(page)).toHaveValue('verse THEN THEN chorus');
  await shot(page, 'query-1440-error');

  // An error only the server can see (a lane no file has) is underlined too.
  await box(page).fill('PAC IN nowhere');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.locator('mark.query-problem__mark')).toHaveText('nowhere');
});

test('the rows download as CSV, and the page works at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/browse/query/?q=' + encodeURIComponent('PAC IN cadences ENDS * IN Phrases'));
  await expect(grid(page).locator('tbody tr').first()).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await grid(page).scrollIntoViewIfNeeded();
  await shot(page, 'query-360-pac-phrase');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await (await download).path();
  const text = await readFile(file, 'utf8');
  expect(text.split('\r\n')[0]).toBe('file,title,start,end,$1,$2');
  expect(text).toMatch(/PAC@\d+:\d\d\.\d\d/);

  // The same rows as JAMS (a tag_open annotation per step and file) and as Web Annotations.
  const jamsDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'JAMS' }).click();
  const jams = JSON.parse(await readFile(await (await jamsDownload).path(), 'utf8')) as {
    annotations: { namespace: string; data: { value: string }[] }[];
  };
  expect(jams.annotations.length).toBeGreaterThan(0);
  expect(jams.annotations.every((a) => a.namespace === 'tag_open')).toBe(true);
  expect(jams.annotations.flatMap((a) => a.data.map((d) => d.value))).toContain('PAC');
  const annoDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Web Annotation' }).click();
  const anno = JSON.parse(await readFile(await (await annoDownload).path(), 'utf8')) as {
    '@context': string;
    type: string;
    total: number;
    first: { items: { body: unknown; target: unknown }[] };
  };
  expect(anno['@context']).toBe('http://www.w3.org/ns/anno.jsonld');
  expect(anno.type).toBe('AnnotationCollection');
  expect(anno.total).toBeGreaterThan(0);
  expect(anno.first.items).toHaveLength(anno.total);

  // A second example at 360 px: still no sideways scroll of the page (the grid scrolls itself).
  await page.getByText('Example queries').click();
  await page.getByRole('button', { name: 'V7 THEN I IN harmony' }).click();
  await expect(grid(page).locator('tbody tr td').nth(1)).toContainText('V7@');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect(page.getByRole('button', { name: 'V7 THEN I IN harmony' })).toBeHidden();
  await grid(page).scrollIntoViewIfNeeded();
  await shot(page, 'query-360-v7-i');
});

test('the viewer’s “Query this file” opens the query page limited to that file', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/viewer/135/');
  await page.getByRole('link', { name: 'Query this file' }).click();
  await expect(page).toHaveURL(/\/browse\/query\/\?file=135$/);
  await expect(page.getByText('This query runs on')).toBeVisible();
});

test('?file= limits the query to one file', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/browse/query/?file=135&q=' + encodeURIComponent('* IN keys'));
  await expect(page.getByText('This query runs on')).toBeVisible();
  const rows = grid(page).locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const links = await rows
    .locator('td:first-child a')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  expect(new Set(links.map((href) => href.split('?')[0]))).toEqual(new Set(['/viewer/135/']));
});
