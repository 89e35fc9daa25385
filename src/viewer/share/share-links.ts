import type { ViewerHeader } from '../../shared/viewer-layout/viewer-document';
import { shareUrl, type ShareTarget } from '../share-params';
import { nowPlayingTimelines } from '../viewer-page-text';

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

/** The embed's default width, and its least default height. */
const EMBED_WIDTH = 960;
const EMBED_MIN_HEIGHT = 540;
/**
 * What the embed at 960 px shows besides the timelines: the heading (up to two lines), the
 * toolbar (two lines beside a score panel), the ruler, the margins; and each line of the
 * now-playing strip (two or three entries a line). Measured on the examples, rounded up: a
 * default that is a little tall shows every timeline, one that is short cuts the lowest off.
 */
const EMBED_CHROME = 200;
const EMBED_STRIP_LINE = 30;
const EMBED_STRIP_PER_LINE = 2;
const EMBED_VIDEO = 270;

/** The embed's default height: enough for every timeline at its least height. */
export function embedHeight(header: ViewerHeader): number {
  const { storage, type } = header.concreteWork;
  const video = storage === 'youtube' || (storage === 'staticfiles' && type === 'video');
  const strip = Math.ceil(nowPlayingTimelines(header.timelines).length / EMBED_STRIP_PER_LINE);
  const needed =
    EMBED_CHROME + strip * EMBED_STRIP_LINE + (video ? EMBED_VIDEO : 0) + header.totalHeight;
  return Math.max(EMBED_MIN_HEIGHT, Math.ceil(needed / 10) * 10);
}

/** The `<iframe>` another site pastes to show the chrome-less viewer at this moment. */
export function embedSnippet(src: string, title: string, height = EMBED_MIN_HEIGHT): string {
  return (
    `<iframe src="${attribute(src)}" width="${EMBED_WIDTH}" height="${height}" ` +
    `title="${attribute(title)}" style="border:0" allow="autoplay; fullscreen" ` +
    `loading="lazy"></iframe>`
  );
}
