import type { PreparedTimeline } from './viewer-document';
import { upperBound } from './visible-range';

export type NavigationKey = 'left' | 'right' | 'up' | 'down';

/** Index of `value` in a sorted index list, by linear search (lists here are per timeline). */
function positionOf(indices: Int32Array, value: number): number {
  for (let i = 0; i < indices.length; i++) if (indices[i] === value) return i;
  return -1;
}

function pointNeighbour(indices: Int32Array, current: number, key: NavigationKey): number | null {
  if (key === 'up' || key === 'down') return null;
  const at = positionOf(indices, current);
  if (at < 0) return null;
  return indices[key === 'left' ? at - 1 : at + 1] ?? null;
}

function hierarchyNeighbour(
  t: PreparedTimeline,
  current: number,
  key: NavigationKey,
): number | null {
  const rows = t.hierarchy;
  if (!rows) return null;
  const levelAt = rows.levels.findIndex((level) => positionOf(level.indices, current) >= 0);
  const level = rows.levels[levelAt];
  if (!level) return null;
  if (key === 'left' || key === 'right') return pointNeighbour(level.indices, current, key);
  // Up: the unit of the next higher level that contains this one's start (its parent); down:
  // the unit of the next lower level under this one's start (its first child).
  const target = rows.levels[key === 'up' ? levelAt + 1 : levelAt - 1];
  if (!target) return null;
  const at = positionOf(level.indices, current);
  const start = level.starts[at] ?? 0;
  const end = level.ends[at] ?? 0;
  const i = upperBound(target.starts, key === 'up' ? start : start + 1e-9) - 1;
  const candidates = key === 'up' ? [i] : [i, i + 1];
  for (const c of candidates) {
    const s = target.starts[c];
    const e = target.ends[c];
    if (s === undefined || e === undefined) continue;
    if (key === 'up' ? s <= start && e > start : e > start && s < end)
      return target.indices[c] ?? null;
  }
  return null;
}

function harmonyNeighbour(t: PreparedTimeline, current: number, key: NavigationKey): number | null {
  const rows = t.harmonyRows;
  if (!rows) return null;
  const rowAt = rows.findIndex((row) => positionOf(row.indices, current) >= 0);
  const row = rows[rowAt];
  if (!row) return null;
  if (key === 'left' || key === 'right') return pointNeighbour(row.indices, current, key);
  // Up from a harmony reaches the key in force; down from a key reaches its first harmony.
  const other = rows[key === 'up' ? 0 : 1];
  if (!other || other === row) return null;
  const time = row.times[positionOf(row.indices, current)] ?? 0;
  const i = key === 'up' ? upperBound(other.times, time) - 1 : upperBound(other.times, time - 1e-9);
  return other.indices[i] ?? null;
}

/**
 * The component a navigation key selects from `current` (a component index) in one timeline, as
 * the desktop's keyboard help describes: left/right step through components in time order
 * (within a hierarchy level or a harmony row), up/down move between hierarchy levels (and between
 * the key and harmony rows). Null when there is nothing in that direction.
 */
export function neighbourComponent(
  timeline: PreparedTimeline,
  current: number,
  key: NavigationKey,
): number | null {
  switch (timeline.kind) {
    case 'HIERARCHY':
      return hierarchyNeighbour(timeline, current, key);
    case 'HARMONY':
      return harmonyNeighbour(timeline, current, key);
    case 'MARKER':
    case 'BEAT':
    case 'PDF':
      return timeline.points ? pointNeighbour(timeline.points.indices, current, key) : null;
    case 'AUDIOWAVE':
      return timeline.wave ? pointNeighbour(timeline.wave.indices, current, key) : null;
    case 'SLIDER':
      return null;
    case 'RANGE':
      // Ranges in the order they start, whatever their row.
      return timeline.range ? pointNeighbour(timeline.range.order, current, key) : null;
    case 'SCORE':
      // Notes in the order they start; the staff lines and signatures are not selectable.
      return timeline.score ? pointNeighbour(timeline.score.notes.indices, current, key) : null;
    default: {
      const unreachable: never = timeline.kind;
      throw new Error(`unknown timeline kind ${String(unreachable)}`);
    }
  }
}
