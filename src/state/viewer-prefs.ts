import { atomWithStorage } from 'jotai/utils';

/** How the viewer's timelines follow playback: a page at a time, or scrolling under it. */
export type FollowMode = 'page' | 'continuous';

/** The user's choice of following, kept by the browser for the next visit. */
export const followModeAtom = atomWithStorage<FollowMode>(
  'tilia.viewer.follow',
  'page',
  undefined,
  {
    getOnInit: true,
  },
);
