import type { Locator, Page } from '@playwright/test';

/** A label the stage painted, as the viewer's list of labels on screen says: its box in page px. */
export interface ShownLabel {
  text: string;
  timeline: number;
  /** The component it names (a measure number: its first beat), null for none. */
  component: number | null;
  /** Its figures top to bottom (figured bass), if any. */
  figures: string[];
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The viewer's accessible list of the labels on screen (visually hidden). */
export function labelList(page: Page): Locator {
  return page.getByRole('list', { name: 'Labels on screen' });
}

/**
 * The labels painted on the stage now, from the list of labels on screen, each with the box the
 * painter reported, moved to page coordinates by the stage canvas's place.
 */
export async function shownLabels(page: Page): Promise<ShownLabel[]> {
  return page.evaluate(() => {
    const canvas = document.querySelector('[data-testid=timelines] canvas.viewer-canvas');
    const list = document.querySelector('[data-testid=label-list]');
    if (!canvas || !list) return [];
    const origin = canvas.getBoundingClientRect();
    return Array.from(list.querySelectorAll<HTMLElement>(':scope > li:not([hidden])'), (item) => {
      const [x = 0, y = 0, width = 0, height = 0] = (item.dataset.box ?? '').split(' ').map(Number);
      return {
        text: item.textContent ?? '',
        timeline: Number(item.dataset.timeline),
        component: item.dataset.component === undefined ? null : Number(item.dataset.component),
        figures: Array.from(
          item.querySelectorAll('.viewer-label__figures > span'),
          (span) => span.textContent ?? '',
        ),
        x: origin.left + x,
        y: origin.top + y,
        width,
        height,
      };
    });
  });
}

/** The timeline index of the first row of `kind` (data-kind on the timeline rows). */
export async function timelineOfKind(page: Page, kind: string): Promise<number> {
  return page
    .getByTestId('timeline-row')
    .evaluateAll(
      (rows, wanted) => rows.findIndex((row) => (row as HTMLElement).dataset.kind === wanted),
      kind,
    );
}
