import { expect, test, type Page } from '@playwright/test';
import { PREPARED_PAYLOAD_TYPE } from '../../src/shared/viewer-payload/prepared-payload-type';
import { shownLabels } from './support/stage-labels';

const FILE_JSON = /\/api\/v1\/files\/135\/json$/;

/** The labels painted on the stage with their boxes, as the list of labels on screen says. */
async function paintedLabels(page: Page): Promise<string[]> {
  const labels = await shownLabels(page);
  return labels.map(({ text, x, y, width, height }) => `${text} ${x},${y} ${width}x${height}`);
}

/** Opens example 135 and says what media type its file bytes came as. */
async function openedAs(page: Page): Promise<string> {
  const response = page.waitForResponse((r) => FILE_JSON.test(r.url()));
  await page.goto('/viewer/135');
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
  return (await (await response).allHeaders())['content-type'] ?? '';
}

test('the viewer opens the prepared payload the server keeps, and draws what the JSON draws', async ({
  page,
}) => {
  expect(await openedAs(page)).toBe(PREPARED_PAYLOAD_TYPE);
  const fromPayload = await paintedLabels(page);
  expect(fromPayload.length).toBeGreaterThan(20);

  // A server without prepared payloads answers with the JSON, which the viewer opens as well.
  await page.route(FILE_JSON, (route) =>
    route.continue({ headers: { ...route.request().headers(), accept: 'application/json' } }),
  );
  expect(await openedAs(page)).toContain('application/json');
  expect(await paintedLabels(page)).toEqual(fromPayload);
});
