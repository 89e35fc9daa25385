/**
 * Every client route path lives here, so the router and the links can never disagree.
 * Patterns are matched by wouter (regexparam), which accepts each path with or without a
 * trailing slash, so the canonical forms below simply follow SPEC.md.
 */
export const paths = {
  home: '/',
  about: '/about',
  downloads: '/downloads/',
  register: '/register/',
  login: '/login/',
  resetPassword: '/reset-password/',
  resetPasswordConfirm: '/reset-password-confirm/',
  resetPasswordWithToken: '/reset-password/:uid/:token/',
  changePassword: '/change-password/',
  changeProfile: '/change-profile/',
  dashboard: '/dashboard/',
  upload: '/upload/',
  browseFiles: '/browse/files/',
  browseTimelines: '/browse/timelines/',
  browseQuery: '/browse/query/',
  localViewer: '/viewer/local/',
  viewer: '/viewer/:fileId/',
  embed: '/embed/:fileId/',
  viewerWithoutId: '/viewer/',
  help: '/help/',
  helpPage: '/help/*',
  helpIntroduction: '/help/introduction/',
} as const;

export const externalLinks = {
  sourceRepository: 'https://github.com/TimeLineAnnotator/desktop',
  contributing: 'https://github.com/TimeLineAnnotator/desktop/blob/main/CONTRIBUTING.md',
  issues: 'https://github.com/TimeLineAnnotator/desktop/issues',
  newIssue: 'https://github.com/TimeLineAnnotator/desktop/issues/new',
  releases: 'https://github.com/TimeLineAnnotator/desktop/releases',
  licence: 'https://github.com/TimeLineAnnotator/desktop/blob/main/LICENSE',
} as const;

export function viewerPath(fileId: number | string): string {
  return `/viewer/${encodeURIComponent(String(fileId))}/`;
}

/** The viewer at a component's moment with it selected (the viewer's share params, t= and c=). */
export function viewerMomentPath(
  fileId: number | string,
  time: number,
  componentId: number,
): string {
  const at = Math.round(Math.max(0, time) * 100) / 100;
  return `${viewerPath(fileId)}?t=${at}&c=${componentId}`;
}

/** The query page with one file preset (TQL over that file alone). */
export function queryFilePath(fileId: number): string {
  return `${paths.browseQuery}?file=${fileId}`;
}

/** A help page's slug may contain slashes ('timelines/create'); it is not URI-encoded. */
export function helpPagePath(slug: string): string {
  return `/help/${slug}/`;
}

/** The wildcard of `paths.helpPage` keeps a trailing slash and the URL's case; lookups need neither. */
export function normaliseHelpSlug(wildcard: string): string {
  return wildcard.replace(/^\/+|\/+$/g, '').toLowerCase();
}

/** The embed is chrome-less: no header or footer, for other sites' iframes. */
export function isEmbedRoute(pathname: string): boolean {
  return /^\/embed(\/|$)/i.test(pathname);
}

/** SPEC.md section 2: browse and viewer pages have no footer. */
export function routeHasFooter(pathname: string): boolean {
  return !/^\/(browse|viewer)(\/|$)/i.test(pathname);
}
