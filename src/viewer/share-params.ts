/** Share links: /viewer/{id}?t=83.5&c=1234 opens at 83.5 s with component 1234 selected. */
export interface ShareParams {
  time: number | null;
  componentId: number | null;
}

export function readShareParams(search: string): ShareParams {
  const params = new URLSearchParams(search);
  const t = params.get('t');
  const c = params.get('c');
  const time = t !== null && /^\d+(\.\d+)?$/.test(t.trim()) ? Number(t) : null;
  const componentId = c !== null && /^\d{1,15}$/.test(c.trim()) ? Number(c) : null;
  return { time, componentId };
}

/** The link to a position (time rounded to hundredths) and, optionally, a selected component. */
export function shareUrl(pageUrl: string, time: number, componentId: number | null): string {
  const url = new URL(pageUrl);
  url.search = '';
  url.hash = '';
  url.searchParams.set('t', String(Math.round(Math.max(0, time) * 100) / 100));
  if (componentId !== null) url.searchParams.set('c', String(componentId));
  return url.toString();
}

/**
 * The time a link to this moment opens at: the playhead's, except while paused on a selection,
 * where it is the component's. A single click selects without moving a paused playhead, so the
 * playhead can be anywhere (often still at the start) when the user shares what they selected.
 */
export function shareTime(mediaTime: number, playing: boolean, selectedAt: number | null): number {
  return selectedAt !== null && !playing ? selectedAt : mediaTime;
}
