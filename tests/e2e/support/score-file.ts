import { grandStaffStart } from '../../../src/shared/tla/score-staves.test-support';

/**
 * A .tla with a Score timeline as the desktop writes one: two staves (treble and bass), a key and
 * time signature, bar lines, and a rising scale in the right hand over held chords in the left,
 * with one written sharp. One quarter note lasts half a second.
 */

const QUARTER = 0.5;
const BARS = 8;

export interface ScoreNote {
  start: number;
  end: number;
  step: number;
  octave: number;
  accidental: number;
  staff: number;
}

/** The notes the file holds, for tests to find on screen. */
export function scoreNotes(): ScoreNote[] {
  const notes: ScoreNote[] = [];
  // Right hand: quarter notes C5 D5 E5 F#5 G5 A5 B5 C6 ... up and down.
  const steps = [0, 1, 2, 3, 4, 5, 6, 0];
  for (let beat = 0; beat < BARS * 4; beat++) {
    const index = beat % 8;
    const step = steps[index]!;
    notes.push({
      start: beat * QUARTER,
      end: (beat + 1) * QUARTER,
      step,
      octave: index === 7 ? 6 : 5,
      accidental: step === 3 ? 1 : 0,
      staff: 0,
    });
  }
  // Left hand: a whole-note chord (C3 E3 G3) per bar.
  for (let bar = 0; bar < BARS; bar++) {
    for (const step of [0, 2, 4]) {
      notes.push({
        start: bar * 4 * QUARTER,
        end: (bar + 1) * 4 * QUARTER,
        step,
        octave: 3,
        accidental: 0,
        staff: 1,
      });
    }
  }
  return notes;
}

export function scoreTla(title: string): Buffer {
  const components: Record<string, unknown> = {};
  let id = 10;
  const add = (component: Record<string, unknown>) => (components[String(id++)] = component);
  for (const component of grandStaffStart(1)) add(component);
  for (let bar = 0; bar <= BARS; bar++) add({ time: bar * 4 * QUARTER, kind: 'BAR_LINE' });
  for (const note of scoreNotes()) {
    add({
      start: note.start,
      end: note.end,
      step: note.step,
      accidental: note.accidental,
      octave: note.octave,
      staff_index: note.staff,
      color: null,
      comments: '',
      display_accidental: false,
      kind: 'NOTE',
    });
  }
  add({ x: 10, y: 10, viewer_id: 0, text: 'dolce', font_size: 12, kind: 'SCORE_ANNOTATION' });
  const document = {
    file_path: '',
    media_path: '',
    media_metadata: { title, composer: 'Test Composer', 'media length': BARS * 4 * QUARTER },
    timelines: {
      '0': {
        kind: 'SCORE_TIMELINE',
        height: 160,
        is_visible: true,
        name: 'Score',
        ordinal: 1,
        svg_data: '<svg>not sent to the viewer</svg>',
        viewer_beat_x: { '1.0': 0 },
        components,
      },
    },
    app_name: 'TiLiA',
    version: '0.5.14',
  };
  return Buffer.from(JSON.stringify(document));
}
