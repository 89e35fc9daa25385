export interface FrameLoop {
  /** Calls `onTime` again on the next frame even if the time has not changed. */
  refresh(): void;
  stop(): void;
}

/**
 * Runs `onTime` on every animation frame whose media time differs from the last one: the strip
 * and the table write to the DOM from here, so playback never re-renders React.
 */
export function startFrameLoop(
  time: () => number | null,
  onTime: (time: number) => void,
): FrameLoop {
  let frame = 0;
  let last = Number.NaN;
  let running = true;
  const tick = () => {
    if (!running) return;
    frame = requestAnimationFrame(tick);
    const now = time();
    if (now === null || now === last) return;
    last = now;
    onTime(now);
  };
  frame = requestAnimationFrame(tick);
  return {
    refresh: () => {
      last = Number.NaN;
    },
    stop: () => {
      running = false;
      cancelAnimationFrame(frame);
    },
  };
}
