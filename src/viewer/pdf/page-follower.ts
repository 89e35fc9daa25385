import { pagesAhead, windowAt, type PageWindows } from '../../shared/pdf-page-windows';
import { PAGES_AHEAD } from './pdf-constants';

export interface PageTarget {
  show(page: number | null, ahead: readonly number[]): void;
}

/**
 * Turns media times into page turns. Per frame it costs one binary search over the page windows;
 * the target hears only about changes of window, so nothing else runs while a page stays up.
 */
export class PageFollower {
  private index = Number.NaN;

  constructor(
    private readonly windows: PageWindows,
    private readonly target: PageTarget,
  ) {}

  update(time: number): void {
    const index = windowAt(this.windows, time);
    if (index === this.index) return;
    this.index = index;
    const page = index < 0 ? null : (this.windows.pages[index] ?? null);
    this.target.show(page, pagesAhead(this.windows, index, PAGES_AHEAD));
  }
}
