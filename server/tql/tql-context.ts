/**
 * What one evaluation carries across files: warnings counted per file, the deadline, and the
 * positions along a file's time map that WITHIN, durations and distances measure with.
 */
import type { AmountUnit } from '../../src/shared/tql/tql-ast';
import type { FileView } from './tql-corpus';

export class TimeLimitReached extends Error {
  override readonly name = 'TimeLimitReached';
}

export class Evaluation {
  /** Files that could not answer, by reason. */
  readonly unanswered = new Map<string, Set<number>>();
  readonly notes = new Set<string>();
  private ticks = 0;

  constructor(readonly deadline: number) {}

  /** Called in every loop that may run long: past the deadline, the evaluation stops. */
  tick(): void {
    if ((++this.ticks & 1023) === 0 && Date.now() > this.deadline) throw new TimeLimitReached();
  }

  couldNotAnswer(reason: 'time map' | 'media length' | string, fileId: number): void {
    const files = this.unanswered.get(reason) ?? new Set<number>();
    files.add(fileId);
    this.unanswered.set(reason, files);
  }
}

/** The warnings of files that could not answer: `N files without a time map could not answer`. */
export function unansweredWarnings(unanswered: Map<string, Set<number>>): string[] {
  const out: string[] = [];
  for (const [reason, files] of unanswered) {
    const n = files.size;
    const what =
      reason === 'time map'
        ? 'a time map'
        : reason === 'media length'
          ? 'a media length'
          : `the file field '${reason}'`;
    out.push(`${n} file${n === 1 ? '' : 's'} without ${what} could not answer`);
  }
  return out;
}

/** A time as a continuous position along the time map, in bars or beats; null off the map. */
export function mapPosition(view: FileView, time: number, unit: 'bars' | 'beats'): number | null {
  const map = view.timeMap;
  if (!map) return null;
  const position = map.position(time);
  if (!position) return null;
  const { bar, beat } = position;
  const value = unit === 'bars' ? bar.index + (beat - 1) / bar.beatCount : bar.firstBeat + beat - 1;
  return Math.round(value * 1e6) / 1e6;
}

/**
 * The distance between two times in a unit (seconds, beats or bars along the time map), or null
 * when the file cannot measure it (the caller counts the file in a warning).
 */
export function distance(
  view: FileView,
  from: number,
  to: number,
  unit: AmountUnit,
  evaluation: Evaluation,
): number | null {
  if (unit === 's' || unit === 'ms') return to - from;
  const a = mapPosition(view, from, unit);
  const b = mapPosition(view, to, unit);
  if (a === null || b === null) {
    if (!view.timeMap) evaluation.couldNotAnswer('time map', view.file.id);
    return null;
  }
  return b - a;
}

export function seconds(amount: { value: number; unit: AmountUnit }): number {
  return amount.unit === 'ms' ? amount.value / 1000 : amount.value;
}
