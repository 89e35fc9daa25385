import { clampToSpan, type MediaSpan } from './playback-rules';

/** A span dragged over shorter than this is a slip of the hand, not a passage to loop. */
const LEAST_LOOP_SECONDS = 0.1;

/** The passage dragged over from `from` to `to`, within `media`; null when too short to loop. */
export function draggedPassage(media: MediaSpan, from: number, to: number): MediaSpan | null {
  const start = clampToSpan(media, Math.min(from, to));
  const end = clampToSpan(media, Math.max(from, to));
  return end - start >= LEAST_LOOP_SECONDS ? { start, end } : null;
}

/**
 * The span that playback loops, shown as a band on the time ruler (a selection's span, or a
 * passage dragged over with Shift), placed again whenever the view changes.
 */
export class LoopBand {
  private readonly band: HTMLElement;
  private span: MediaSpan | null = null;

  constructor(
    ruler: HTMLElement,
    /** Where a time is across the ruler, or null before the first view. */
    private readonly xOf: (time: number) => number | null,
  ) {
    this.band = document.createElement('span');
    this.band.className = 'viewer-ruler__loop';
    this.band.dataset.testid = 'loop-band';
    this.band.hidden = true;
    ruler.append(this.band);
  }

  show(span: MediaSpan | null): void {
    this.span = span;
    this.place();
  }

  /** Puts the band where its span is in the view on screen. */
  place(): void {
    const span = this.span;
    const from = span && this.xOf(span.start);
    const to = span && this.xOf(span.end);
    this.band.hidden = from === null || to === null;
    if (from === null || to === null) return;
    this.band.style.transform = `translateX(${Math.round(from)}px)`;
    this.band.style.width = `${Math.max(2, Math.round(to - from))}px`;
  }

  destroy(): void {
    this.band.remove();
  }
}
