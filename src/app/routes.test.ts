import { describe, expect, it } from 'vitest';
import {
  helpPagePath,
  normaliseHelpSlug,
  routeHasFooter,
  viewerMomentPath,
  viewerPath,
} from './routes';

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

  it('links a search result to the viewer at its moment, selected', () => {
    expect(viewerMomentPath(135, 83.456, 7)).toBe('/viewer/135/?t=83.46&c=7');
  });

  it('normalises the help wildcard', () => {
    expect(normaliseHelpSlug('Timelines/Create/')).toBe('timelines/create');
    expect(normaliseHelpSlug('import')).toBe('import');
  });
});
