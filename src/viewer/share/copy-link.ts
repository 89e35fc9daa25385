import { shareUrl, type ShareMoment } from '../share-params';

/**
 * The toolbar's link button: the playhead and the zoom, never the selection (the Share dialog
 * is where a component is included), put in the address bar and copied. Says what it did.
 */
export async function copyMomentLink(moment: ShareMoment | null): Promise<string | null> {
  if (!moment) return null;
  const url = shareUrl(window.location.href, { time: moment.playhead, span: moment.span });
  window.history.replaceState(window.history.state, '', url);
  const copied = await navigator.clipboard?.writeText(url).then(
    () => true,
    () => false,
  );
  return copied ? 'Link copied' : 'Link in the address bar';
}
