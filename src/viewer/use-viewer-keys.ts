import { useEffect, type RefObject } from 'react';
import type { ViewerController } from './viewer-controller';
import { viewerKeyAction } from './viewer-keys';

/** The viewer's keys, wherever the focus is (viewer-keys.ts says which it takes). */
export function useViewerKeys(controllerRef: RefObject<ViewerController | null>): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const controller = controllerRef.current;
      const action = controller ? viewerKeyAction(event) : null;
      if (!controller || !action) return;
      // Taken, so that the browser does not also act on the key: a focused button would click on
      // Space's keyup (playback toggled twice), the page would scroll, and a keypress after a zoom
      // key would lay the page out inside the zoom step instead of in the frame that shows it.
      event.preventDefault();
      switch (action.kind) {
        case 'play':
          controller.togglePlay();
          break;
        case 'zoom':
          controller.zoomStep(action.direction, event.timeStamp);
          break;
        case 'navigate':
          void controller.navigate(action.key);
          break;
        default: {
          const unknown: never = action;
          throw new Error(`unknown viewer key action ${String(unknown)}`);
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [controllerRef]);
}
