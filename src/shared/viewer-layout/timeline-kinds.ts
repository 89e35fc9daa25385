/**
 * Timeline kinds the viewer draws. Files spell them 'HIERARCHY_TIMELINE' (desktop <= 0.6) or
 * 'Hierarchy' (0.7, TLA-FORMAT.md section 7); both spellings are recognised, in any case.
 */
const VIEWER_KINDS = [
  'HIERARCHY',
  'SLIDER',
  'MARKER',
  'BEAT',
  'HARMONY',
  'AUDIOWAVE',
  'PDF',
  'SCORE',
  'RANGE',
] as const;

export type ViewerKind = (typeof VIEWER_KINDS)[number];

const KNOWN = new Set<string>(VIEWER_KINDS);

/** 'HIERARCHY_TIMELINE', 'Hierarchy', 'hierarchy' -> 'HIERARCHY'; anything else -> null. */
export function viewerKind(kind: string): ViewerKind | null {
  const upper = kind.trim().toUpperCase();
  const short = upper.endsWith('_TIMELINE') ? upper.slice(0, -'_TIMELINE'.length) : upper;
  return KNOWN.has(short) ? (short as ViewerKind) : null;
}
