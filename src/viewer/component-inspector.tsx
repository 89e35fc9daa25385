import type { ComponentJson } from '../shared/api-types';
import { formatTime } from '../shared/time-format';
import { noteName } from '../shared/viewer-layout/score-notes';
import type { ComponentContext } from '../shared/viewer-layout/component-context';
import type { ViewerKind } from '../shared/viewer-layout/timeline-kinds';

type Field = [label: string, value: string];

const KIND_TITLES: Record<ViewerKind, string> = {
  HIERARCHY: 'Hierarchy',
  SLIDER: 'Slider',
  MARKER: 'Marker',
  BEAT: 'Beat',
  HARMONY: 'Harmony',
  AUDIOWAVE: 'Audiowave',
  PDF: 'PDF marker',
  SCORE: 'Note',
  RANGE: 'Range',
};

const INVERSIONS = ['root position', 'first inversion', 'second inversion', 'third inversion'];
const DEGREES = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII'];

/** A chord's own fields: its numeral as shown and what makes it up. */
function chordFields(c: Record<string, unknown>): Field[] {
  const label = typeof c.label === 'string' ? c.label : '';
  const applied = typeof c.applied_to === 'number' && c.applied_to > 0 ? c.applied_to : 0;
  const quality = typeof c.quality === 'string' ? c.quality.replace(/[-_]/g, ' ') : '';
  const inversion = typeof c.inversion === 'number' ? (INVERSIONS[c.inversion] ?? '') : '';
  return [
    ['Quality', quality],
    ['Inversion', inversion],
    // The label shows the applied degree in the applied key's case ('V7/ii').
    ['Applied to', applied ? (/\/(.+)$/.exec(label)?.[1] ?? DEGREES[applied] ?? '') : ''],
  ];
}

/** The fields SPEC.md section 3 lists for each viewer component kind. */
function inspectorFields(kind: ViewerKind, component: ComponentJson, rowName?: string): Field[] {
  const c = component as unknown as Record<string, unknown>;
  const text = (key: string) => (typeof c[key] === 'string' ? (c[key] as string) : '');
  const time = (key: string) => (typeof c[key] === 'number' ? formatTime(c[key] as number) : '');
  switch (kind) {
    case 'HIERARCHY':
      return [
        ['Label', text('label')],
        ['Start', time('start')],
        ['End', time('end')],
        ['Level', String(c.level ?? '')],
        ['Formal function', text('formal_function')],
        ['Formal type', text('formal_type')],
        ['Colour', text('color')],
        ['Comments', text('comments')],
      ];
    case 'MARKER':
      return [
        ['Label', text('label')],
        ['Time', time('time')],
        ['Colour', text('color')],
        ['Comments', text('comments')],
      ];
    case 'BEAT':
      return [['Time', time('time')]];
    case 'HARMONY':
      return [
        ['Label', text('label')],
        ['Kind', c.kind === 'MODE' ? 'Key' : 'Harmony'],
        ['Time', time('time')],
        ...(c.kind === 'MODE' ? [] : chordFields(c)),
        ['Comments', text('comments')],
      ];
    case 'AUDIOWAVE':
      return [
        ['Start', time('start')],
        ['Amplitude', typeof c.amplitude === 'number' ? c.amplitude.toFixed(3) : ''],
      ];
    case 'PDF':
      return [
        ['Time', time('time')],
        ['Page', String(c.page_number ?? '')],
      ];
    case 'SLIDER':
      return [];
    case 'RANGE':
      return [
        ['Label', text('label')],
        ['Row', rowName ?? text('row_id')],
        ['Start', time('start')],
        ['End', time('end')],
        ['Pre-start', time('pre_start')],
        ['Post-end', time('post_end')],
        ['Joined to the next', c.joined_right == null ? 'no' : 'yes'],
        ['Colour', text('color')],
        ['Comments', text('comments')],
      ];
    case 'SCORE':
      return [
        ['Note', noteName(c)],
        ['Start', time('start')],
        ['End', time('end')],
        ['Staff', typeof c.staff_index === 'number' ? String(c.staff_index + 1) : ''],
        ['Comments', text('comments')],
      ];
    default: {
      const unreachable: never = kind;
      throw new Error(`unknown timeline kind ${String(unreachable)}`);
    }
  }
}

/**
 * One line naming a component, for the tooltip under the pointer: a note's name, start, end and
 * staff; otherwise its label (or kind) and time.
 */
export function hoverText(kind: ViewerKind, component: ComponentJson): string {
  const fields = inspectorFields(kind, component);
  const value = (label: string) => fields.find(([name]) => name === label)?.[1] ?? '';
  if (kind === 'SCORE') {
    return `${value('Note')} · ${value('Start')}–${value('End')} · staff ${value('Staff')}`;
  }
  const name = value('Label') || (value('Page') && `page ${value('Page')}`) || KIND_TITLES[kind];
  const time = value('Time') || value('Start');
  return [name, time].filter(Boolean).join(' · ');
}

interface InspectorProps {
  kind: ViewerKind;
  timelineName: string;
  component: ComponentJson;
  /** Its bar and beat, a chord's key in force: shown where known. */
  context: ComponentContext | null;
  /** Range timelines: the name of each row by its id. */
  rowNames?: ReadonlyMap<string, string>;
  onClose: () => void;
}

export function ComponentInspector({
  kind,
  timelineName,
  component,
  context,
  rowNames,
  onClose,
}: InspectorProps) {
  const rowId = (component as { row_id?: unknown }).row_id;
  const rowName = typeof rowId === 'string' ? rowNames?.get(rowId) : undefined;
  const fields = inspectorFields(kind, component, rowName);
  // Where it stands in the music, after its time: the key in force, the bar and beat.
  const at = fields.findIndex(([label]) => label === 'Time' || label === 'Start') + 1;
  const musical: Field[] = [
    ...(context?.key ? [['Key', context.key] as Field] : []),
    ...(context?.bar ? [['Bar', context.bar] as Field] : []),
  ];
  if (musical.length > 0) fields.splice(at > 0 ? at : fields.length, 0, ...musical);
  return (
    <aside className="viewer-inspector" aria-label="Inspector" data-testid="inspector">
      <div className="viewer-inspector__head">
        <h2>
          {KIND_TITLES[kind]}
          {timelineName && <span className="viewer-inspector__timeline"> · {timelineName}</span>}
        </h2>
        <button
          type="button"
          className="viewer-icon-button"
          aria-label="Close inspector"
          title="Close inspector"
          onClick={onClose}
        >
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </div>
      <dl>
        {fields.map(([label, value]) => (
          <div key={label} className="viewer-inspector__field">
            <dt>{label}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
