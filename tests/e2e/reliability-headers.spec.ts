import { expect, test, type Frame, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A page on another origin (another port of this machine, served by the test) that frames pages
 * of ours. A local server, because Chromium blocks a public page from framing a local one.
 */
async function framer(page: Page, base: string, paths: string[]): Promise<Server> {
  const html =
    '<!doctype html><title>framer</title>' +
    paths.map((path) => `<iframe src="${base}${path}" width="600" height="300"></iframe>`).join('');
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  return server;
}

const frameAt = (page: Page, path: string): Frame | undefined =>
  page.frames().find((frame) => frame !== page.mainFrame() && frame.url().includes(path));

test('other sites may frame the embed route, and no other page', async ({
  page,
  baseURL,
  request,
}) => {
  const files = await request.get('/api/v1/files/query/');
  const id = ((await files.json()) as { files: { id: number }[] }).files[0]!.id;
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors|X-Frame-Options|refused to display/i.test(message.text())) {
      blocked.push(message.text());
    }
  });
  const server = await framer(page, baseURL!, [`/embed/${id}/`, '/dashboard/']);
  try {
    // The embed renders inside the foreign page.
    await expect
      .poll(async () => (await frameAt(page, '/embed/')?.locator('body').innerText()) ?? '')
      .not.toBe('');
    // The dashboard is refused by the browser (Chromium names only our origin in the report,
    // so the count tells: one refusal, the dashboard's, while the embed rendered).
    await expect.poll(() => blocked.length).toBe(1);
    expect(blocked[0]).toContain("frame-ancestors 'self'");
    const dashboard = frameAt(page, '/dashboard/');
    expect(dashboard ? await dashboard.locator('header, main').count() : 0).toBe(0);
  } finally {
    server.close();
  }
});

test('our pages load under the CSP without a single violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ['/', '/browse/files', '/browse/timelines', '/login/']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
  }
  expect(violations).toEqual([]);
});
