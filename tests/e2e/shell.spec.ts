import { expect, test, type Page } from '@playwright/test';
import { collectDialogs } from './support/dialogs';
import { expectLinkTargets } from './support/links';
import { signUpAndLogIn } from './support/pdf-uploads';

/** Signs a new account up and in through the API; returns its username. */
async function signIn(page: Page): Promise<string> {
  const username = `ada${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const password = 'Counterpoint-1725';
  await signUpAndLogIn(page.request, username);
  const response = await page.request.post('/api/v1/token/', { data: { username, password } });
  const tokens = (await response.json()) as { access: string; refresh: string };
  await page.addInitScript(
    ({ name, access, refresh }) => {
      if (window.localStorage.getItem('signed-in-once')) return;
      window.localStorage.setItem('signed-in-once', '1');
      window.localStorage.setItem('accessToken', access);
      window.localStorage.setItem('refreshToken', refresh);
      window.localStorage.setItem('username', name);
    },
    { name: username, access: tokens.access, refresh: tokens.refresh },
  );
  return username;
}

// Every route of SPEC.md section 2 with its document title and main heading.
const openRoutes = [
  { path: '/', title: 'TiLiA', heading: 'TiLiA' },
  { path: '/about', title: 'About | TiLiA', heading: 'About TiLiA' },
  { path: '/downloads', title: 'Downloads | TiLiA', heading: 'Downloads' },
  { path: '/register/', title: 'Sign up', heading: 'Sign up' },
  { path: '/login/', title: 'Login', heading: 'Login' },
  { path: '/reset-password', title: 'Reset password | TiLiA', heading: 'Reset password' },
  {
    path: '/reset-password-confirm',
    title: 'Reset password | TiLiA',
    heading: 'Check your e-mail',
  },
  {
    path: '/reset-password/MQ/abc-123/',
    title: 'Choose a new password | TiLiA',
    heading: 'Choose a new password',
  },
  { path: '/browse/files', title: 'Browse files | TiLiA', heading: 'Browse files' },
  { path: '/browse/timelines', title: 'Search', heading: 'Search timelines' },
  {
    path: '/viewer/135',
    title:
      'Piano Sonata No. 6 in D major, K. 284: I. Allegro by Wolfgang Amadeus Mozart performed by ' +
      'MuseScore 3 (synthesized piano) | TiLiA',
    heading:
      'Piano Sonata No. 6 in D major, K. 284: I. Allegro by Wolfgang Amadeus Mozart performed by ' +
      'MuseScore 3 (synthesized piano)',
  },
  { path: '/help', title: 'Help | TiLiA', heading: 'Help' },
];

const signedInRoutes = [
  { path: '/change-password', title: 'Login', heading: 'Change password' },
  {
    path: '/change-profile',
    title: 'Change user information',
    heading: 'Change user information',
  },
  { path: '/dashboard/', title: 'Dashboard', heading: 'Dashboard' },
  { path: '/upload/', title: 'Upload', heading: 'Upload' },
];

function toggleTrailingSlash(path: string): string {
  if (path === '/') return path;
  return path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
}

test.describe('routes', () => {
  for (const route of openRoutes) {
    test(`${route.path} has its title and heading, with and without a trailing slash`, async ({
      page,
    }) => {
      const dialogs = collectDialogs(page);
      for (const path of new Set([route.path, toggleTrailingSlash(route.path)])) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
        await expect(page).toHaveTitle(route.title);
        await expect(page.getByRole('banner')).toBeVisible();
      }
      expect(dialogs).toEqual([]);
    });
  }

  for (const route of signedInRoutes) {
    test(`${route.path} opens for a signed-in user`, async ({ page }) => {
      await signIn(page);
      for (const path of [route.path, toggleTrailingSlash(route.path)]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
        await expect(page).toHaveTitle(route.title);
      }
    });
  }

  test('no page says it is still to come', async ({ page }) => {
    for (const route of openRoutes) {
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(/Coming soon/i)).toHaveCount(0);
    }
  });

  test('the viewer without a file id alerts', async ({ page }) => {
    const dialogs = collectDialogs(page);
    await page.goto('/viewer');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Viewer');
    await expect.poll(() => dialogs).toEqual(['No file id was passed in the route.']);
  });

  test('an unknown route alerts and goes back home', async ({ page }) => {
    const dialogs = collectDialogs(page);
    await page.goto('/no/such/page');
    await expect
      .poll(() => dialogs)
      .toEqual(['This page cannot be found. Redirecting you back home...']);
    await expect(page).toHaveURL(/\/$/);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page).toHaveTitle('TiLiA');
  });

  test('an unknown help page is not found either', async ({ page }) => {
    const dialogs = collectDialogs(page);
    await page.goto('/help/no-such-topic');
    await expect.poll(() => dialogs).toHaveLength(1);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  });

  test('/help/introduction redirects to /help', async ({ page }) => {
    await page.goto('/help/introduction');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/help/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help');
  });
});

test.describe('footer', () => {
  test('is on the home page with its links', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();
    await expectLinkTargets(footer, [
      ['Browse files', '/browse/files/'],
      ['Browse timelines', '/browse/timelines/'],
      [/^Source/, 'https://github.com/TimeLineAnnotator/desktop'],
      [/^Contribute/, 'https://github.com/TimeLineAnnotator/desktop/blob/main/CONTRIBUTING.md'],
      [/^Issues/, 'https://github.com/TimeLineAnnotator/desktop/issues'],
      ['Downloads', '/downloads/'],
      ['Help', '/help/'],
    ]);
    await expect(footer).toContainText('Copyright ©');
  });

  test('is absent from browse and viewer pages', async ({ page }) => {
    for (const path of ['/browse/files', '/browse/timelines/', '/viewer/135']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
    }
  });
});

test.describe('navigation bar', () => {
  test('has the links of the spec, signed out', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expectLinkTargets(nav, [
      [/^TiLiA/, '/'],
      [/^ABOUT$/, '/about'],
      ['DOWNLOADS', '/downloads/'],
      ['HELP', '/help/'],
      ['LOGIN', '/login/'],
      ['SIGN UP', '/register/'],
    ]);
    const contribute = nav.getByRole('link', { name: /^CONTRIBUTE/ });
    await expect(contribute).toHaveAttribute(
      'href',
      'https://github.com/TimeLineAnnotator/desktop/blob/main/CONTRIBUTING.md',
    );
    await expect(contribute).toHaveAttribute('target', '_blank');
    await expect(contribute).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(nav.getByText(/Hi,/)).toHaveCount(0);
  });

  test('the BROWSE dropdown opens on click, closes on Escape and outside, and navigates', async ({
    page,
  }) => {
    await page.goto('/');
    const browse = page.getByRole('button', { name: 'BROWSE' });
    const files = page.getByRole('link', { name: 'Files', exact: true });
    await expect(browse).toHaveAttribute('aria-expanded', 'false');
    await expect(files).toBeHidden();

    await browse.click();
    await expect(browse).toHaveAttribute('aria-expanded', 'true');
    await expect(files).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(files).toBeHidden();
    await expect(browse).toBeFocused();

    await browse.click();
    await expect(files).toBeVisible();
    // A click on an empty part of the page, well away from the open panel.
    await page.mouse.click(700, 600);
    await expect(files).toBeHidden();

    // Keyboard only: Enter opens, Tab reaches the first link, Enter follows it.
    await browse.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(files).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/browse/files/');
    await expect(page).toHaveTitle('Browse files | TiLiA');
    await expect(files).toBeHidden();

    await browse.click();
    await page.getByRole('link', { name: 'Timelines', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/browse/timelines/');
    await expect(page).toHaveTitle('Search');

    // The local viewer, for a visitor too: a .tla opened without an account or an upload.
    await browse.click();
    await page.getByRole('link', { name: 'Open a file of yours', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/viewer/local/');
  });

  test('the home page links the local viewer for visitors', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Open it in the viewer', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/viewer/local/');
    await expect(page).not.toHaveURL(/login/);
  });

  test('collapses into a menu button at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    const about = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'ABOUT', exact: true });
    await expect(about).toBeHidden();
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await about.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/about');
    await expect(about).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  });

  test('signed in, greets the user and offers Upload, Dashboard and Logout', async ({ page }) => {
    const username = await signIn(page);
    await page.goto('/');
    const account = page.getByRole('button', { name: `Hi, ${username}` });
    await expect(account).toBeVisible();
    await expect(page.getByRole('link', { name: 'LOGIN' })).toHaveCount(0);

    await account.click();
    await page.getByRole('link', { name: 'Upload' }).click();
    await expect(page).toHaveTitle('Upload');

    await account.click();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveTitle('Dashboard');

    await account.click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect(page.getByRole('link', { name: 'LOGIN' })).toBeVisible();
    const stored = await page.evaluate(() => [
      localStorage.getItem('accessToken'),
      localStorage.getItem('refreshToken'),
      localStorage.getItem('username'),
    ]);
    expect(stored).toEqual([null, null, null]);
  });
});

test.describe('guards', () => {
  for (const path of ['/change-password', '/change-profile/', '/dashboard/', '/upload']) {
    test(`${path} sends a visitor to /login/`, async ({ page }) => {
      await page.goto(path);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/login/');
      await expect(page).toHaveTitle('Login');
    });
  }

  for (const path of ['/login/', '/login', '/register/', '/register']) {
    test(`${path} sends a signed-in user home`, async ({ page }) => {
      await signIn(page);
      await page.goto(path);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await expect(page).toHaveTitle('TiLiA');
    });
  }
});
