import { useEffect, useState, type RefObject } from 'react';
import { useFollowMode } from '../state/session';
import type { FollowMode } from '../state/viewer-prefs';
import type { ViewerController } from './viewer-controller';

/**
 * Playback for study: the speed (pitch kept) and a loop, of the selection (the loop button) or
 * of a passage dragged over on the time ruler with Shift, played over and over until the loop
 * button or Stop ends it; and how the view follows playback (a page at a time, or scrolling
 * under it), kept for the next visit. What the toolbar and tools show and do for them;
 * `looping` is the controller's word, whichever started the loop.
 */
export function useStudyPlayback(
  controllerRef: RefObject<ViewerController | null>,
  selected: boolean,
  looping: boolean,
) {
  const [rate, setRate] = useState(1);
  const [follow, setFollow] = useFollowMode();
  useEffect(() => controllerRef.current?.setFollow(follow));
  return {
    follow,
    onFollow: (mode: FollowMode) => setFollow(mode),
    rate,
    onRate: (next: number) => {
      setRate(next);
      controllerRef.current?.setRate(next);
    },
    canLoop: selected || looping,
    looping,
    onLoop: () => void controllerRef.current?.loopSelection(!looping),
    onStop: () => controllerRef.current?.stop(),
  };
}
