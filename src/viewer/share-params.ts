/**
 * Share links: /viewer/{id}?t=83.5&c=1234&z=12 opens at 83.5 s with component 1234 selected,
 * showing 12 seconds across the timelines (the zoom as a stretch of music, the same on a phone as
 * on a wide screen). ?m=25 opens at bar 25, ?m=25&p=2 at its second playing through a repeat.
 */
export interface ShareParams {
  time: number | null;
  componentId: number | null;
  /** Seconds shown across the time axis. */
  span: number | null;
  /** m= (and p=): a bar by its printed number, and which playing of it through a repeat. */
  bar: { number: number; pass: number | null } | null;
}

const DECIMAL = /^\d+(\.\d+)?$/;

export function readShareParams(search: string): ShareParams {
  const params = new URLSearchParams(search);
  const t = params.get('t');
  const c = params.get('c');
  const z = params.get('z');
  const time = t !== null && DECIMAL.test(t.trim()) ? Number(t) : null;
  const componentId = c !== null && /^\d{1,15}$/.test(c.trim()) ? Number(c) : null;
  const span = z !== null && DECIMAL.test(z.trim()) && Number(z) > 0 ? Number(z) : null;
  const m = params.get('m')?.trim();
  const p = params.get('p')?.trim();
  const bar =
    m !== undefined && /^\d{1,6}$/.test(m)
      ? { number: Number(m), pass: p !== undefined && /^[1-9]\d{0,3}$/.test(p) ? Number(p) : null }
      : null;
  return { time, componentId, span, bar };
}

export interface ShareTarget {
  time: number;
  componentId?: number | null;
  span?: number | null;
}

const hundredths = (value: number) => String(Math.round(Math.max(0, value) * 100) / 100);

/** The link to a position (time rounded to hundredths), a component and the zoom, as given. */
export function shareUrl(pageUrl: string, target: ShareTarget): string {
  const url = new URL(pageUrl);
  url.search = '';
  url.hash = '';
  url.searchParams.set('t', hundredths(target.time));
  if (target.componentId != null) url.searchParams.set('c', String(target.componentId));
  if (target.span != null && target.span > 0) url.searchParams.set('z', hundredths(target.span));
  return url.toString();
}

/**
 * What a link to this moment says: the playhead's time, or, when the user chooses to include the
 * selected component, that component and its time (so the recipient lands on it).
 */
export function shareTarget(
  playhead: number,
  span: number | null,
  included: { id: number; time: number } | null,
): ShareTarget {
  return included
    ? { time: included.time, componentId: included.id, span }
    : { time: playhead, componentId: null, span };
}

/** What the viewer knows when a link is made: the playhead, the zoom and the selection. */
export interface ShareMoment {
  playhead: number;
  /** Seconds shown across the time axis. */
  span: number;
  selected: { id: number; time: number } | null;
}
