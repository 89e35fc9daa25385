import { useState, type RefObject } from 'react';
import type { ViewerController } from './viewer-controller';

/**
 * Playback for study: the speed (pitch kept) and a loop of the selection, played over and over
 * until the loop button or Stop ends it. What the toolbar shows and does for them.
 */
export function useStudyPlayback(
  controllerRef: RefObject<ViewerController | null>,
  selected: boolean,
) {
  const [rate, setRate] = useState(1);
  const [looping, setLooping] = useState(false);
  return {
    rate,
    onRate: (next: number) => {
      setRate(next);
      controllerRef.current?.setRate(next);
    },
    canLoop: selected,
    looping,
    onLoop: () => {
      const controller = controllerRef.current;
      if (!controller) return;
      void controller.loopSelection(!looping).then((span) => setLooping(span !== null));
    },
    onStop: () => {
      controllerRef.current?.stop();
      setLooping(false);
    },
  };
}
