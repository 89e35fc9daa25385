/**
 * `IN lane` (TQL.md section 4): roles, kind words, the bars lane, timeline and row names; and the
 * default lanes when a pattern names none.
 */
import { TqlError, type Lane as LaneName } from '../../src/shared/tql/tql-ast';
import { fold } from '../../src/shared/tql/tql-fold';
import type { FileView, Lane } from './tql-corpus';

const ALIASES: Record<string, string> = { cadence: 'cadences', timemap: 'time_map' };
const BARS = new Set(['bars', 'bar', 'measures', 'measure']);
const KINDS: Record<string, Lane['kind']> = {
  hierarchy: 'hierarchy',
  hierarchies: 'hierarchy',
  marker: 'marker',
  markers: 'marker',
  range: 'range',
  ranges: 'range',
  beat: 'beat',
  beats: 'beat',
  chord: 'chord',
  chords: 'chord',
  key: 'key',
};

export function defaultLanes(view: FileView): Lane[] {
  return view.lanes.filter(
    (lane) => lane.kind === 'hierarchy' || lane.kind === 'range' || lane.kind === 'marker',
  );
}

function namePattern(name: string, quoted: boolean): (candidate: string) => boolean {
  const norm = (text: string) => (quoted ? text.normalize('NFC') : fold(text.trim()));
  if (!name.includes('*')) return (candidate) => norm(candidate) === norm(name);
  const source = norm(name)
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const pattern = new RegExp(`^${source}$`, 'su');
  return (candidate) => pattern.test(norm(candidate));
}

/** The lanes a name chooses in one file (possibly none). */
export function lanesNamed(view: FileView, name: LaneName): Lane[] {
  if (!name.quoted) {
    const word = ALIASES[fold(name.name)] ?? fold(name.name);
    if (BARS.has(word)) return view.barLane ? [view.barLane] : [];
    if (word === 'harmony') return view.lanes.filter((lane) => lane.kind === 'chord');
    if (word === 'keys') return view.lanes.filter((lane) => lane.kind === 'key');
    if (word === 'time_map') {
      const id = view.file.timeMap?.timelineId;
      return view.lanes.filter((lane) => lane.kind === 'beat' && lane.timeline?.id === id);
    }
    const byRole = view.lanes.filter(
      (lane) =>
        lane.timeline?.role !== null &&
        lane.timeline?.role !== undefined &&
        fold(lane.timeline.role) === word,
    );
    if (byRole.length > 0 || isRoleWord(word)) return byRole;
    const kind = KINDS[word];
    if (kind) return view.lanes.filter((lane) => lane.kind === kind);
  }
  const fits = namePattern(name.name, name.quoted);
  return view.lanes.filter((lane) => {
    if (!lane.timeline) return false;
    if (fits(lane.timeline.name)) return true;
    return lane.kind === 'range' && fits(lane.key.slice(lane.key.indexOf(':') + 1));
  });
}

const isRoleWord = (word: string) => ['form', 'cadences'].includes(word);

/** Whether a name is a role, kind or bars word, which any corpus may answer. */
export function isBuiltinLane(name: LaneName): boolean {
  if (name.quoted) return false;
  const word = ALIASES[fold(name.name)] ?? fold(name.name);
  return (
    BARS.has(word) ||
    word in KINDS ||
    ['harmony', 'keys', 'time_map', 'form', 'cadences'].includes(word)
  );
}

/**
 * Refuses a lane that names nothing in the corpus (no role, kind or bars word, and no timeline or
 * range row of that name among `names`), at the name.
 */
export function checkLaneKnown(names: string[], name: LaneName): void {
  if (isBuiltinLane(name)) return;
  const fits = namePattern(name.name, name.quoted);
  if (names.some(fits)) return;
  const loose = namePattern(name.name, false);
  const hint =
    name.quoted && names.some(loose) ? ' (a quoted name is compared exactly: check the case)' : '';
  throw new TqlError(
    'tql_unknown_name',
    `No lane is named '${name.name}': no role, kind, timeline or row of the corpus${hint}.`,
    name.span.start,
    name.span.end,
  );
}
