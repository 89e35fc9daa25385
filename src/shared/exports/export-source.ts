/**
 * What every formatter reads: the file's facts and its exportable timelines, each with the
 * database ids of its components (the viewer's `c=`). Plain data, so that reading and formatting
 * can run wherever the caller puts them (the request's thread, or a worker thread).
 */
import type { MediaType } from '../api-types';
import type { ExportableTimeline } from './export-formats';

export interface ExportFileFacts {
  fileId: number;
  title: string;
  composer: string;
  /** The performer. */
  artist: string;
  /** The username of the file's uploader. */
  author: string;
  /** The recording's length in seconds, as stored (the last component's time when unknown). */
  duration: number;
  /** Absolute URL of the recording we serve or the video page it plays from; null for none. */
  mediaUrl: string | null;
  mediaType: MediaType;
  /** The site's public origin (PUBLIC_URL), never a request's Host. */
  siteUrl: string;
}

export interface ExportTimeline {
  /** The timeline's database id. */
  id: number;
  timeline: ExportableTimeline;
  /** Database ids of `timeline.components`, position for position. */
  componentIds: readonly number[];
}

export interface ExportSource {
  file: ExportFileFacts;
  timelines: readonly ExportTimeline[];
}

/** Seconds rounded to the hundredth, as the viewer's share links write them. */
export function linkTime(seconds: number): number {
  return Math.round(seconds * 100) / 100;
}

/** The viewer at a moment, with a component selected when one is given. */
export function viewerUrl(
  file: Pick<ExportFileFacts, 'siteUrl' | 'fileId'>,
  time: number,
  componentId?: number | string,
): string {
  const base = `${file.siteUrl}/viewer/${file.fileId}?t=${linkTime(time)}`;
  return componentId === undefined ? base : `${base}&c=${encodeURIComponent(componentId)}`;
}
