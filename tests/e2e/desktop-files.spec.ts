import { expect, test } from '@playwright/test';
import { uploadPublic } from './support/viewer-files';

/** Files the desktop app opens or writes, as users upload them. */

test('a 0.x file with no timelines is accepted, and the viewer says it has none', async ({
  page,
}) => {
  const empty = { media_metadata: { title: 'Nothing yet' }, timelines: {}, media_path: '' };
  const id = await uploadPublic(page.request, `empty${Date.now().toString(36)}`, [
    { name: 'empty.tla', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(empty)) },
  ]);
  await page.goto(`/viewer/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nothing yet');
  await expect(page.getByText('This file has no timelines.')).toBeVisible();
  await expect(page.getByTestId('timeline-row')).toHaveCount(0);
});
