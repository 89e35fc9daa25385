import { useCallback, useRef, type RefObject } from 'react';
import type { ViewerController } from './viewer-controller';
import type { ViewerFileClient } from './viewer-file-client';

/**
 * The Bar box's action: goes to a printed bar's first playing; Enter again on the same bar goes
 * to its next playing through a repeat. Resolves with what to say, or null.
 */
export function useGoToBar(
  client: ViewerFileClient,
  controllerRef: RefObject<ViewerController | null>,
): (number: number) => Promise<string | null> {
  const lastBar = useRef<{ number: number; time: number } | null>(null);
  return useCallback(
    async (number: number): Promise<string | null> => {
      const controller = controllerRef.current;
      if (!controller) return null;
      const last = lastBar.current;
      const again = last?.number === number && Math.abs(controller.time() - last.time) < 0.05;
      const at = await client.api.barStart(number, null, again ? last.time : null);
      if (at === null) return `No bar ${number} in this file`;
      controller.seek({ time: at, ifPlaying: true });
      lastBar.current = { number, time: at };
      return null;
    },
    [client, controllerRef],
  );
}
