/**
 * Resolves when the frame a worker has drawn so far is on screen, which is when the worker's
 * next animation frame begins, with that time in ms since the epoch (the page compares it with
 * its own clock through performance.timeOrigin).
 */
export function nextWorkerFrame(): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now())),
  );
}
