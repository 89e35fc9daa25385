/**
 * What is sounding now: per timeline, the labels of the components under the playhead. Pure; the
 * strip (now-playing-strip.tsx) asks once per animation frame and writes only changed text.
 */
import {
  currentRow,
  enclosingUnits,
  rowSpoken,
  type TimelineTrack,
} from '../../shared/timeline-tables/timeline-tracks';

export const NOTHING = '—';
/** Inside a hierarchy's units, none of which has a label. */
export const UNLABELLED = '(unlabelled)';

/** The last harmony and the last key at or before the time: 'D: V65', or one of them alone. */
function harmonyText(track: TimelineTrack, time: number): string {
  const last = currentRow(track, time);
  let harmony: string | null = null;
  let key: string | null = null;
  for (let i = last; i >= 0 && (harmony === null || key === null); i--) {
    // Level 1 marks a key in a harmony track.
    const isKey = track.levels[i] === 1;
    if (isKey && key === null) key = rowSpoken(track, i);
    if (!isKey && harmony === null) harmony = rowSpoken(track, i);
  }
  if (harmony === null && key === null) return NOTHING;
  return [key, harmony].filter((part) => part !== null).join(' ');
}

/** The notes sounding at the time, lowest first: 'C3 E3 G3 C5'. */
function soundingNotes(track: TimelineTrack, time: number): string {
  const sounding: number[] = [];
  const longest = longestRow(track);
  for (let i = currentRow(track, time); i >= 0; i--) {
    const start = track.starts[i]!;
    if (start < time - longest) break;
    if (track.ends[i]! > time || (start === time && track.ends[i] === start)) sounding.push(i);
  }
  if (sounding.length === 0) return NOTHING;
  // Levels hold the notes' pitches in a score track.
  sounding.sort((a, b) => track.levels[a]! - track.levels[b]! || a - b);
  return sounding.map((row) => rowSpoken(track, row)).join(' ');
}

const longestRows = new WeakMap<TimelineTrack, number>();

/** The longest row of a track (once per track): how far back a row can still be sounding. */
function longestRow(track: TimelineTrack): number {
  let longest = longestRows.get(track);
  if (longest === undefined) {
    longest = 0;
    for (let i = 0; i < track.starts.length; i++) {
      longest = Math.max(longest, (track.ends[i] ?? 0) - (track.starts[i] ?? 0));
    }
    longestRows.set(track, longest);
  }
  return longest;
}

/** What the strip says for a timeline: 'Exposition › P', 'D: I', 'measure 12, beat 3', '—'. */
export function nowPlayingText(track: TimelineTrack, time: number): string {
  switch (track.kind) {
    case 'HIERARCHY': {
      const units = enclosingUnits(track, time);
      const labels = units
        .map((unit) => rowSpoken(track, unit))
        .filter((label) => label.trim() !== '');
      // Inside units without labels is not outside every unit.
      if (labels.length === 0) return units.length > 0 ? UNLABELLED : NOTHING;
      return labels.join(' › ');
    }
    case 'HARMONY':
      return harmonyText(track, time);
    case 'SCORE':
      return soundingNotes(track, time);
    default: {
      const row = currentRow(track, time);
      const text = row >= 0 ? rowSpoken(track, row) : '';
      return text.trim() === '' ? NOTHING : text;
    }
  }
}
