import { shareUrl, type ShareTarget } from '../share-params';

/** The link to the viewer at a moment (and selection), whatever page the dialog is opened on. */
export function viewerShareLink(origin: string, fileId: number, target: ShareTarget): string {
  return shareUrl(`${origin}/viewer/${fileId}`, target);
}

export function embedLink(origin: string, fileId: number, target: ShareTarget): string {
  return shareUrl(`${origin}/embed/${fileId}`, { ...target, componentId: null });
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The `<iframe>` another site pastes to show the chrome-less viewer at this moment. */
export function embedSnippet(src: string, title: string): string {
  return (
    `<iframe src="${attribute(src)}" width="960" height="540" ` +
    `title="${attribute(title)}" style="border:0" allow="autoplay; fullscreen" ` +
    `loading="lazy"></iframe>`
  );
}
