/**
 * The formats a file's timelines export to, and which timelines each carries. Pure: the server's
 * route, the contract and the Export menu all read this one list.
 */
import type { TimelineKind, TlaTimeline } from '../tla/tla-model';

export const EXPORT_FORMATS = ['jams', 'audacity', 'sv', 'webanno'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function isExportFormat(value: string): value is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(value);
}

export interface ExportFormatInfo {
  /** What the menu calls it. */
  label: string;
  /** Extension of one timeline's file, or of the whole file's document. */
  extension: string;
  /** True: every timeline is a file of its own, and the whole file is a zip of them. */
  perTimeline: boolean;
}

export const EXPORT_FORMAT_INFO: Record<ExportFormat, ExportFormatInfo> = {
  jams: { label: 'JAMS', extension: 'jams', perTimeline: false },
  audacity: { label: 'Audacity labels', extension: 'txt', perTimeline: true },
  sv: { label: 'Sonic Visualiser layers', extension: 'svl', perTimeline: true },
  webanno: { label: 'W3C Web Annotation', extension: 'jsonld', perTimeline: false },
};

/**
 * Timeline kinds that hold annotations. Audiowave bars are derived from the recording, a slider
 * holds nothing, and score notes and unknown kinds have no label on a time line: no format here
 * carries them.
 */
const EXPORTABLE_KINDS: ReadonlySet<string> = new Set<TimelineKind>([
  'HIERARCHY_TIMELINE',
  'MARKER_TIMELINE',
  'RANGE_TIMELINE',
  'BEAT_TIMELINE',
  'HARMONY_TIMELINE',
  'PDF_TIMELINE',
]);

/** Whether `kind` (a timeline kind as stored: long spelling, or an unknown kind's own name). */
export function isExportableKind(kind: string): boolean {
  return EXPORTABLE_KINDS.has(kind);
}

export type ExportableTimeline = Extract<
  TlaTimeline,
  {
    kind:
      | 'HIERARCHY_TIMELINE'
      | 'MARKER_TIMELINE'
      | 'RANGE_TIMELINE'
      | 'BEAT_TIMELINE'
      | 'HARMONY_TIMELINE'
      | 'PDF_TIMELINE';
  }
>;

export function isExportableTimeline(timeline: TlaTimeline): timeline is ExportableTimeline {
  return isExportableKind(timeline.kind);
}

/** 'Hierarchy', 'Range', ...: how a kind reads in a message or a default name. */
export function kindWord(kind: string): string {
  const short = kind.replace(/_TIMELINE$/, '').toLowerCase();
  return short === 'pdf' ? 'PDF' : short.charAt(0).toUpperCase() + short.slice(1);
}
