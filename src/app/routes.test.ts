import { describe, expect, it } from 'vitest';
import { helpPagePath, normaliseHelpSlug, routeHasFooter, viewerPath } from './routes';

describe('routeHasFooter', () => {
  it('leaves the footer out of browse and viewer pages only', () => {
    expect(routeHasFooter('/')).toBe(true);
    expect(routeHasFooter('/help/import/')).toBe(true);
    expect(routeHasFooter('/browse/files')).toBe(false);
    expect(routeHasFooter('/browse/timelines/')).toBe(false);
    expect(routeHasFooter('/viewer/135/')).toBe(false);
    expect(routeHasFooter('/viewer')).toBe(false);
    expect(routeHasFooter('/viewers-guide')).toBe(true);
  });
});

describe('path builders', () => {
  it('builds viewer and help paths with a trailing slash', () => {
    expect(viewerPath(135)).toBe('/viewer/135/');
    expect(helpPagePath('timelines/create')).toBe('/help/timelines/create/');
  });

  it('normalises the help wildcard', () => {
    expect(normaliseHelpSlug('Timelines/Create/')).toBe('timelines/create');
    expect(normaliseHelpSlug('import')).toBe('import');
  });
});
