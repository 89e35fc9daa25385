import { expect, test, type Page } from '@playwright/test';

function pathname(page: Page): string {
  return new URL(page.url()).pathname;
}

test.describe('home', () => {
  test('presents the tool, the current version and the six features', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('TiLiA');
    const main = page.getByRole('main');
    await expect(main.getByText('A flexible multimodal timeline tool')).toBeVisible();
    await expect(main.getByText(/Current version 0\.5\.12/)).toBeVisible();
    const download = main.getByRole('link', { name: 'Download TiLiA 0.5.12' });
    await expect(download).toHaveAttribute('href', '/downloads/');

    const features = main.getByRole('region', { name: 'Features' }).getByRole('listitem');
    await expect(features).toHaveCount(6);
    for (const text of [
      /local audio and video files, or stream media/,
      /Click an annotation to move playback/,
      /Seven timeline types/,
      /Fully customizable metadata fields/,
      /music notation, chords and roman-numeral analysis/,
      /View and share analyses on the web/,
    ]) {
      await expect(features.filter({ hasText: text })).toHaveCount(1);
    }

    const contribute = main.getByRole('link', { name: /Contribute on GitHub/ });
    await expect(contribute).toHaveAttribute(
      'href',
      'https://github.com/TimeLineAnnotator/desktop',
    );
    await expect(contribute).toHaveAttribute('rel', 'noopener noreferrer');

    await download.click();
    await expect.poll(() => pathname(page)).toBe('/downloads/');
  });

  const sonatas = [
    { label: 'Nº 6 K284', ids: [135, 136, 137] },
    { label: 'Nº 7 K309', ids: [138, 139, 140] },
    { label: 'Nº 8 K310', ids: [141, 154, 143] },
    { label: 'Nº 9 K311', ids: [144, 145, 146] },
    { label: 'Nº 10 K330', ids: [147, 155, 153] },
    { label: 'Nº 11 K331', ids: [150, 151, 152] },
  ];

  test('each of the 18 example movements opens its file in the viewer', async ({ page }) => {
    // Eighteen viewers, each now loading its recording and its score PDF: 52 s measured on a
    // loaded 2-core machine, too close to the default minute.
    test.setTimeout(150_000);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Example analyses' })).toBeVisible();
    for (const sonata of sonatas) {
      for (const [index, numeral] of ['I', 'II', 'III'].entries()) {
        const link = page.getByRole('link', {
          name: `Sonata ${sonata.label}, movement ${numeral}`,
          exact: true,
        });
        await expect(link).toHaveText(new RegExp(`movement ${numeral}$`));
        await link.click();
        const id = sonata.ids[index];
        await expect.poll(() => pathname(page)).toBe(`/viewer/${id}/`);
        const kochel = sonata.label.split('K')[1];
        await expect(page.getByRole('heading', { level: 1 })).toContainText(
          `K. ${kochel}: ${numeral}. `,
        );
        await page.goBack();
        await expect(page).toHaveTitle('TiLiA');
      }
    }
  });
});

test.describe('about', () => {
  test('covers history, people, funding, acknowledgement, licences and contact', async ({
    page,
  }) => {
    await page.goto('/about/');
    await expect(page).toHaveTitle('About | TiLiA');
    const main = page.getByRole('main');
    for (const heading of [
      'History',
      'People',
      'Funding',
      'Acknowledgements',
      'Licence',
      'Example data',
      'Contact',
    ]) {
      await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    for (const name of ['Felipe D. Martins', 'Anne R. E. Foo', 'Mark R. H. Gotham']) {
      await expect(main.getByText(name, { exact: true })).toBeVisible();
    }
    await expect(main).toContainText('Universidade Federal do Rio de Janeiro, Brazil');
    await expect(main).toContainText('King’s College London');
    await expect(main).toContainText('The project is developed by its contributors.');
    await expect(
      main.getByRole('link', { name: /Brent Yorgason’s Audio Timeliner/ }),
    ).toBeVisible();
    await expect(main).toContainText('GNU General Public License, either version 3');
    await expect(main.getByRole('link', { name: /CC BY-NC-SA 4\.0/ })).toHaveAttribute(
      'href',
      'https://creativecommons.org/licenses/by-nc-sa/4.0/',
    );
    await expect(main).toContainText(
      'Hentschel, J., Neuwirth, M. & Rohrmeier, M. (2021). The Annotated Mozart Sonatas: Score, Harmony, and Cadence.',
    );
    await expect(main).toContainText('4(1), 67–80');
    await expect(
      main.getByRole('link', { name: /doi\.org\/10\.5334\/tismir\.63/ }),
    ).toHaveAttribute('href', 'https://doi.org/10.5334/tismir.63');
    await expect(
      main.getByRole('link', { name: /Annotated Mozart Sonatas repository/ }),
    ).toHaveAttribute('href', 'https://github.com/DCMLab/mozart_piano_sonatas');
    await expect(main.getByRole('link', { name: 'tilia@tilia-app.com' })).toHaveAttribute(
      'href',
      'mailto:tilia@tilia-app.com',
    );
  });
});

test.describe('downloads', () => {
  test('links the 0.5.12 builds and the installation help', async ({ page }) => {
    await page.goto('/downloads');
    await expect(page).toHaveTitle('Downloads | TiLiA');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: /TiLiA 0\.5\.12/ })).toBeVisible();
    const base = 'https://github.com/TimeLineAnnotator/desktop/releases/download/v0.5.12';
    for (const [platform, file] of [
      ['Windows', 'tilia-0.5.12-win.exe'],
      ['macOS (Intel)', 'tilia-0.5.12-mac-intel.zip'],
      ['macOS (Apple Silicon)', 'tilia-0.5.12-mac-silicon.zip'],
      ['Linux', 'tilia-0.5.12-linux'],
    ] as const) {
      await expect(
        main.getByRole('link', {
          name: new RegExp(`^Download for ${platform.replace(/[()]/g, '\\$&')}`),
        }),
      ).toHaveAttribute('href', `${base}/${file}`);
    }
    const installation = main.getByRole('link', { name: 'installation guide' });
    await expect(installation).toHaveAttribute('href', '/help/installation/');
    await installation.click();
    await expect.poll(() => pathname(page)).toBe('/help/installation/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Installing TiLiA');
  });

  test('lists release notes from 0.5.12 down to 0.1.1, with month and year', async ({ page }) => {
    await page.goto('/downloads/');
    const releases = page.getByRole('region', { name: 'Release notes' }).locator('.release');
    await expect(releases).toHaveCount(22);
    await expect(releases.first().getByRole('heading')).toHaveText('0.5.12June 2025');
    await expect(releases.last().getByRole('heading')).toHaveText('0.1.1May 2023');
    const versions = await releases.locator('.release__version').allTextContents();
    expect(versions.slice(0, 4)).toEqual(['0.5.12', '0.5.11', '0.5.10', '0.5.9']);
    expect(versions).toContain('0.4-beta');
    const main = page.getByRole('main');
    await expect(main).toContainText('Relicensed under the GNU General Public License v3');
    await expect(main).toContainText(/MusicXML/);
    await expect(main).toContainText(/autosave/i);
  });
});

// The facts SPEC.md section 2 names for each help page.
const helpPages = [
  { path: '/help/', heading: 'Help', texts: ['command-line interface', 'plain JSON', '.tla'] },
  {
    path: '/help/timelines/create/',
    heading: 'Creating timelines',
    texts: ['Audiowave', 'Beat', 'Harmony', 'Hierarchy', 'Marker', 'PDF', 'Score'],
  },
  {
    path: '/help/hierarchy-tl/',
    heading: 'Hierarchy timeline',
    texts: ['Split at current position'],
  },
  {
    path: '/help/marker-tl/',
    heading: 'Marker timeline',
    texts: ['Add marker at current position'],
  },
  { path: '/help/beat-tl/', heading: 'Beat timeline', texts: ['beat pattern', 'pattern cycles'] },
  { path: '/help/harmony-tl/', heading: 'Harmony timeline', texts: ['roman numeral', 'Keys'] },
  {
    path: '/help/autosaving/',
    heading: 'Autosaving',
    texts: ['every 5 minutes', 'Windows', 'macOS', 'Linux', '~/.local/share/TiLiA/autosaves'],
  },
  {
    path: '/help/installation/',
    heading: 'Installing TiLiA',
    texts: ['Windows', 'macOS', 'Linux', 'Troubleshooting', 'macOS 13 and above is supported'],
  },
  {
    path: '/help/import/',
    heading: 'Importing from CSV and MusicXML',
    texts: [
      'Import from CSV file',
      'several timelines of that type',
      'by time',
      'by measure',
      'choose the beat timeline',
      'Choose the CSV file',
      'harmony_or_key',
      'is_first_in_measure',
      'page_number',
      'Create a score timeline',
      'measures numbered as in the score',
      'Timelines > Score > Import from musicxml file',
      'Import is always by measure',
      'may take several seconds to appear',
      'insert measure zero',
      'files with several movements are not supported',
      'Only the first measure of a cadenza',
      'durations of tremolos are inaccurate',
    ],
  },
  {
    path: '/help/export/',
    heading: 'Exporting to JSON and images',
    texts: ['File > Export... > JSON', 'File > Export... > Image', 'image dimensions', 'Save'],
  },
  {
    path: '/help/timelines/component-selection-playback-control/',
    heading: 'Component selection and playback control',
    texts: [
      'Left click',
      'Drag',
      'Ctrl+click',
      'Alt+click',
      'Selecting a whole range with Shift is to be implemented',
      'never moves playback',
      'Double-click',
      'Press or drag on the time ruler',
    ],
  },
  { path: '/help/cli/', heading: 'Command-line interface', texts: ['--user-interface cli'] },
];

test.describe('help', () => {
  for (const help of helpPages) {
    test(`${help.path} states what the spec lists`, async ({ page }) => {
      await page.goto(help.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(help.heading);
      await expect(page).toHaveTitle(`${help.heading} | TiLiA`);
      const article = page.locator('article');
      for (const text of help.texts) {
        await expect(article).toContainText(text);
      }
    });
  }

  test('every link of the help index leads to a help page, inside the app', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await page.goto('/help');
    // The help centre is a chunk of its own: wait for its article before reading its links.
    await expect(page.locator('article a[href^="/help/"]').first()).toBeVisible();
    const hrefs = await page
      .locator('article a[href^="/help/"]')
      .evaluateAll((anchors) => [...new Set(anchors.map((a) => a.getAttribute('href') ?? ''))]);
    const expected = helpPages.map((help) => help.path).filter((path) => path !== '/help/');
    expect([...hrefs].sort()).toEqual([...expected].sort());

    // A marker on window survives only if links are followed without reloading the page.
    await page.evaluate(() => Object.assign(window, { stayedInApp: true }));
    for (const href of hrefs) {
      await page.locator(`article a[href="${href}"]`).first().click();
      await expect.poll(() => pathname(page)).toBe(href);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toBeVisible();
      await expect(heading).not.toHaveText('Page not found');
      expect(await page.evaluate(() => 'stayedInApp' in window)).toBe(true);
      await page.goBack();
      await expect.poll(() => pathname(page)).toBe('/help');
    }
    expect(dialogs).toEqual([]);
  });

  test('external links in help pages open in a new tab', async ({ page }) => {
    await page.goto('/help/');
    const issues = page.locator('article a[href^="https://"]').first();
    await expect(issues).toHaveAttribute('target', '_blank');
    await expect(issues).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

test.describe('small screens', () => {
  for (const path of ['/', '/about', '/downloads/', '/help/', '/help/import/', '/help/cli/']) {
    test(`${path} does not scroll sideways at 360 px`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
    });
  }
});
