import { WINDOW_BOTTOM_MARGIN } from '../shared/viewer-layout/layout-constants';

/**
 * The height the window offers the timelines: from the stage's top (in the page, so a scrolled
 * page does not count) to the window's bottom, less what the timelines' box holds under the
 * stage (the scrollbar strip, the border).
 */
export function stackRoom(region: HTMLElement, stage: HTMLElement): number {
  const stageBox = stage.getBoundingClientRect();
  const below = region.getBoundingClientRect().bottom - stageBox.bottom;
  const top = stageBox.top + window.scrollY;
  return Math.floor(window.innerHeight - top - below - WINDOW_BOTTOM_MARGIN);
}

/**
 * Calls `changed` whenever the room may have changed: the window's size, or the size of what
 * sits above the timelines (the media, the toolbar, the now-playing strip as it loads), which
 * moves them up or down. Returns the function that stops watching.
 */
export function watchStackRoom(region: HTMLElement, changed: () => void): () => void {
  const observer = new ResizeObserver(changed);
  for (let above = region.previousElementSibling; above; above = above.previousElementSibling) {
    observer.observe(above);
  }
  window.addEventListener('resize', changed);
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', changed);
  };
}
