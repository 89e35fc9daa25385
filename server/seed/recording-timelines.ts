/**
 * The two timelines that come from the recording itself: its audiowave, and the score PDF's
 * pages turning as the bars are played.
 */
import { plainTimeline, type ComponentDraft, type TimelineDraft } from './tla-document-builder';
import { PyFloat } from './tla-python-json';
import type { PlayedBar } from './played-bars';

/**
 * The render's RMS bars (10 a second, at most 2,500) merged `group` at a time: a third of a second
 * is finer than the viewer draws a whole movement, and keeps the seed's component count down.
 */
export function coarserBars(amplitudes: readonly number[], group: number): number[] {
  const merged: number[] = [];
  for (let i = 0; i < amplitudes.length; i += group) {
    const slice = amplitudes.slice(i, i + group);
    merged.push(Math.sqrt(slice.reduce((sum, a) => sum + a * a, 0) / slice.length));
  }
  const loudest = Math.max(...merged);
  return merged.map((value) => (loudest > 0 ? Math.round((1000 * value) / loudest) / 1000 : 0));
}

/** One AUDIOWAVE bar per slice of the audio, as the desktop computes and saves them. */
export function audiowaveTimeline(
  amplitudes: readonly number[],
  mediaLength: number,
  ordinal: number,
): TimelineDraft {
  const slice = mediaLength / amplitudes.length;
  const components: ComponentDraft[] = amplitudes.map((amplitude, i) => {
    const start = i * slice;
    const end = i === amplitudes.length - 1 ? mediaLength : (i + 1) * slice;
    return {
      kind: 'AUDIOWAVE',
      fields: {
        start: new PyFloat(start),
        end: new PyFloat(end),
        amplitude: new PyFloat(amplitude),
      },
      order: [start],
    };
  });
  return plainTimeline(
    'AUDIOWAVE_TIMELINE',
    { name: 'Audiowave', height: 80, ordinal },
    components,
  );
}

export interface PageTurn {
  time: number;
  page: number;
}

/** A page turn wherever a played bar is on another page than the bar before it. */
export function pageTurns(bars: readonly PlayedBar[]): PageTurn[] {
  const turns: PageTurn[] = [];
  for (const bar of bars) {
    if (turns[turns.length - 1]?.page !== bar.page) turns.push({ time: bar.time, page: bar.page });
  }
  return turns;
}

/** `pdfPath` as the desktop stores it: the PDF's name, found beside the .tla. */
export function pdfTimeline(
  bars: readonly PlayedBar[],
  pdfPath: string,
  ordinal: number,
): TimelineDraft {
  return {
    kind: 'PDF_TIMELINE',
    attributes: { height: 30, is_visible: true, name: 'Score PDF', ordinal, path: pdfPath },
    components: pageTurns(bars).map(({ time, page }) => ({
      kind: 'PDF_MARKER',
      fields: { time: new PyFloat(time), page_number: page },
      order: [time],
    })),
  };
}
