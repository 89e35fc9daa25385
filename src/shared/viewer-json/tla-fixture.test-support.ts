import type { ViewerFileJson } from '../api-types';
import { readTla } from '../tla/tla-reader';
import { viewerJsonFromDocument } from './viewer-json-from-document';

const harmony = (time: number, step: number, extra: Record<string, unknown> = {}) => ({
  kind: 'HARMONY',
  time,
  step,
  accidental: 0,
  quality: 'major',
  inversion: 0,
  applied_to: 0,
  level: 1,
  display_mode: 'roman',
  custom_text: '',
  custom_text_font_type: 'analytic',
  comments: '',
  ...extra,
});

/**
 * A desktop .tla (as the app writes it) with one timeline of each kind the table shows, read by
 * the real reader and turned into viewer JSON the way the local viewer does.
 */
export function beyondTla(): string {
  const units = [
    { start: 0, end: 40, level: 2, label: 'Exposition', pre_start: 0, post_end: 41 },
    { start: 0, end: 20, level: 1, label: 'P', pre_start: 0, post_end: 20 },
    { start: 20, end: 40, level: 1, label: 'S, "second"', pre_start: 19.5, post_end: 40 },
    { start: 40, end: 60, level: 2, label: '', pre_start: 40, post_end: 60 },
  ];
  const keyed = (list: Record<string, unknown>[], first: number) =>
    Object.fromEntries(list.map((item, n) => [String(first + n), item]));
  return JSON.stringify({
    file_path: '',
    media_path: '',
    media_metadata: { title: 'Fixture', composer: 'Someone', 'media length': 60 },
    app_name: 'TiLiA',
    version: '0.5.14',
    timelines: {
      '1': {
        kind: 'HIERARCHY_TIMELINE',
        name: 'Form',
        ordinal: 1,
        height: 60,
        is_visible: true,
        components: keyed(
          units.map((u) => ({
            ...u,
            kind: 'HIERARCHY',
            color: null,
            comments: '',
            formal_type: '',
            formal_function: '',
          })),
          10,
        ),
      },
      '2': {
        kind: 'MARKER_TIMELINE',
        name: 'Cadences',
        ordinal: 2,
        height: 30,
        is_visible: true,
        components: keyed(
          [
            { kind: 'MARKER', time: 19.5, label: 'HC', comments: 'half, "open"', color: null },
            { kind: 'MARKER', time: 39, label: 'PAC', comments: '', color: null },
          ],
          20,
        ),
      },
      '3': {
        kind: 'BEAT_TIMELINE',
        name: 'Measures',
        ordinal: 3,
        height: 30,
        is_visible: true,
        beat_pattern: [3],
        measure_numbers: [0, 1, 2],
        beats_in_measure: [1],
        measures_to_force_display: [],
        components: keyed(
          Array.from({ length: 8 }, (_, i) => ({ kind: 'BEAT', time: i })),
          30,
        ),
      },
      '4': {
        kind: 'HARMONY_TIMELINE',
        name: 'Harmony',
        ordinal: 4,
        is_visible: true,
        level_count: 1,
        level_height: 35,
        visible_level_count: 2,
        components: keyed(
          [
            {
              kind: 'MODE',
              time: 0,
              step: 2,
              accidental: 0,
              type: 'major',
              level: 2,
              comments: '',
            },
            harmony(0, 2),
            harmony(10, 6, { quality: 'dominant-seventh', inversion: 1 }),
            harmony(20, 2, { display_mode: 'custom', custom_text: 'Tonic!' }),
            {
              kind: 'MODE',
              time: 30,
              step: 5,
              accidental: 0,
              type: 'minor',
              level: 2,
              comments: '',
            },
            harmony(30, 5, { quality: 'minor', display_mode: 'chord' }),
          ],
          40,
        ),
      },
      '5': {
        kind: 'PDF_TIMELINE',
        name: 'Score',
        ordinal: 5,
        height: 30,
        is_visible: true,
        path: 'C:\\scores\\Fixture.pdf',
        components: keyed([{ kind: 'PDF_MARKER', time: 0, page_number: 1 }], 60),
      },
    },
  });
}

export function beyondJson(): ViewerFileJson {
  return viewerJsonFromDocument(readTla(beyondTla(), 'fixture.tla'));
}
