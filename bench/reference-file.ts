import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { grandStaffStart } from '../src/shared/tla/score-staves.test-support';

/**
 * The reference file of DESIGN.md section 7, as the desktop app writes it (.tla, 0.5.x format):
 * a 3-hour recording with 43,200 beats (4 per second, pattern 4), 2,000 hierarchy units in 5
 * levels, 6,000 markers, 10,000 harmonies with their keys and a 300-page PDF timeline. Shorter
 * files (`--minutes`) keep the same densities. Deterministic: the same minutes give the same bytes.
 *
 *   npx tsx bench/reference-file.ts [--minutes 180] [--out reference.tla] [--wav reference.wav]
 *     [--wav-seconds N] [--score-notes N]
 */

export interface ReferenceCounts {
  seconds: number;
  beats: number;
  hierarchyUnits: number;
  markers: number;
  harmonies: number;
  pdfPages: number;
}

export function referenceCounts(minutes: number): ReferenceCounts {
  const scale = minutes / 180;
  return {
    seconds: minutes * 60,
    beats: Math.round(43_200 * scale),
    hierarchyUnits: Math.max(5, Math.round(2_000 * scale)),
    markers: Math.round(6_000 * scale),
    harmonies: Math.round(10_000 * scale),
    pdfPages: Math.max(1, Math.round(300 * scale)),
  };
}

/** A small deterministic generator (mulberry32), so files are reproducible without Math.random. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const QUALITIES = [
  'major',
  'minor',
  'dominant-seventh',
  'diminished',
  'major-seventh',
  'minor-seventh',
];
const FUNCTIONS = ['presentation', 'continuation', 'cadential', 'transition', 'coda'];
const CADENCES = ['PAC', 'IAC', 'HC', 'EC', 'DC'];
const MARKER_COLORS = ['#e07b39', '#3a78d4', '#2e9c5a', '#b23b8a'];

/** Level sizes for 2,000 units: each level's units split the whole span evenly. */
const LEVEL_SHARES = [0.64, 0.24, 0.08, 0.032, 0.008] as const;

/**
 * A Score timeline of `count` notes over `seconds`, as the desktop writes one: two staves (treble
 * and bass), clefs, a key and time signature, a bar line every four beats (one second), and
 * notes of a quarter to two beats in both hands, often in chords.
 */
function scoreComponents(
  count: number,
  seconds: number,
  rand: () => number,
): Record<string, unknown>[] {
  const components = grandStaffStart(2);
  for (let bar = 0; bar < seconds; bar++) components.push({ time: bar, kind: 'BAR_LINE' });
  const spacing = seconds / count;
  for (let i = 0; i < count; i++) {
    const start = Math.floor(i * spacing * 16) / 16;
    const staff = i % 3 === 0 ? 1 : 0;
    components.push({
      start,
      end: Math.min(seconds, start + 0.25 * (1 + Math.floor(rand() * 8))),
      step: Math.floor(rand() * 7),
      accidental: rand() < 0.15 ? 1 : 0,
      octave: staff === 0 ? 4 + Math.floor(rand() * 2) : 2 + Math.floor(rand() * 2),
      staff_index: staff,
      color: null,
      comments: '',
      display_accidental: rand() < 0.1,
      kind: 'NOTE',
    });
  }
  return components;
}

/** The reference file; `scoreNotes` adds a Score timeline of that many notes (DESIGN.md 7). */
export function referenceTla(minutes = 180, scoreNotes = 0): Buffer {
  const counts = referenceCounts(minutes);
  const rand = random(20250101 + minutes);
  const seconds = counts.seconds;
  let nextId = 1;
  const keyed = (items: Record<string, unknown>[]) =>
    Object.fromEntries(items.map((item) => [String(nextId++), item]));
  const timelines: Record<string, Record<string, unknown>> = {};
  const timeline = (kind: string, fields: Record<string, unknown>) => {
    const id = String(nextId++);
    timelines[id] = { kind, ...fields };
    return timelines[id]!;
  };

  const beatTimeline = timeline('BEAT_TIMELINE', {
    beat_pattern: [4],
    measure_numbers: [],
    beats_in_measure: [],
    measures_to_force_display: [],
    height: 35,
    is_visible: true,
    name: 'Measures',
    ordinal: 1,
  });
  beatTimeline.components = keyed(
    Array.from({ length: counts.beats }, (_, i) => ({
      time: i * (seconds / counts.beats),
      kind: 'BEAT',
    })),
  );

  const hierarchy = timeline('HIERARCHY_TIMELINE', {
    name: 'Form',
    height: 150,
    is_visible: true,
    ordinal: 2,
  });
  const units: Record<string, unknown>[] = [];
  LEVEL_SHARES.forEach((share, index) => {
    const level = index + 1;
    const count = Math.max(1, Math.round(counts.hierarchyUnits * share));
    for (let i = 0; i < count; i++) {
      const start = (i * seconds) / count;
      const end = ((i + 1) * seconds) / count;
      units.push({
        start,
        pre_start: start,
        end,
        post_end: end,
        level,
        label: `${String.fromCharCode(65 + (i % 26))}${level}.${i + 1}`,
        color: i % 17 === 0 ? '#d9a441' : '',
        formal_type: level >= 4 ? 'section' : 'phrase',
        formal_function: FUNCTIONS[i % FUNCTIONS.length],
        comments: '',
        kind: 'HIERARCHY',
      });
    }
  });
  hierarchy.components = keyed(units);

  const harmony = timeline('HARMONY_TIMELINE', {
    level_count: 2,
    level_height: 35,
    is_visible: true,
    name: 'Harmony',
    ordinal: 3,
    visible_level_count: 2,
  });
  const harmonies: Record<string, unknown>[] = [];
  const spacing = seconds / counts.harmonies;
  for (let i = 0; i < counts.harmonies; i++) {
    const time = i * spacing;
    if (i % 40 === 0) {
      harmonies.push({
        time,
        step: Math.floor(rand() * 7),
        accidental: 0,
        type: rand() < 0.7 ? 'major' : 'minor',
        comments: '',
        level: 2,
        kind: 'MODE',
      });
    }
    harmonies.push({
      time,
      comments: '',
      step: Math.floor(rand() * 7),
      accidental: 0,
      quality: QUALITIES[Math.floor(rand() * QUALITIES.length)],
      inversion: Math.floor(rand() * 3),
      applied_to: rand() < 0.1 ? 4 : 0,
      level: 1,
      display_mode: 'roman',
      custom_text: '',
      custom_text_font_type: 'analytic',
      kind: 'HARMONY',
    });
  }
  harmony.components = keyed(harmonies);

  const markers = timeline('MARKER_TIMELINE', {
    name: 'Cadences',
    height: 30,
    is_visible: true,
    ordinal: 4,
  });
  markers.components = keyed(
    Array.from({ length: counts.markers }, (_, i) => ({
      time: (i + rand() * 0.8) * (seconds / counts.markers),
      comments: '',
      label: CADENCES[i % CADENCES.length],
      color: MARKER_COLORS[i % MARKER_COLORS.length],
      kind: 'MARKER',
    })),
  );

  const pdf = timeline('PDF_TIMELINE', {
    height: 30,
    is_visible: true,
    name: 'Score',
    ordinal: 5,
    path: 'score.pdf',
  });
  pdf.components = keyed(
    Array.from({ length: counts.pdfPages }, (_, i) => ({
      time: (i * seconds) / counts.pdfPages,
      page_number: i + 1,
      kind: 'PDF_MARKER',
    })),
  );
  timeline('SLIDER_TIMELINE', { is_visible: true, ordinal: 6, height: 40, components: {} });
  if (scoreNotes > 0) {
    const score = timeline('SCORE_TIMELINE', {
      name: 'Score',
      height: 160,
      is_visible: true,
      ordinal: 7,
      svg_data: '',
      viewer_beat_x: {},
    });
    score.components = keyed(scoreComponents(scoreNotes, seconds, random(7 + minutes)));
  }

  const document = {
    file_path: '',
    media_path: 'reference.wav',
    media_metadata: {
      title: `Reference recording (${minutes} min)`,
      notes: 'Generated by bench/reference-file.ts',
      'media length': seconds,
      composer: 'Benchmark',
      performer: 'Generator',
    },
    timelines,
    app_name: 'TiLiA',
    version: '0.5.14',
  };
  return Buffer.from(JSON.stringify(document, null, 2));
}

/**
 * A silent WAV, as small as a playable one gets (8-bit mono PCM at 8 kHz, 8 kB a second). The
 * benches use short ones (the .tla's media length still says three hours); the CLI writes one as
 * long as the recording.
 */
export function silentWav(seconds: number): Buffer {
  const rate = 8000;
  const data = Buffer.alloc(Math.round(seconds * rate), 128);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const minutes = Number(argument('--minutes') ?? 180);
  const out = argument('--out') ?? 'reference.tla';
  writeFileSync(out, referenceTla(minutes, Number(argument('--score-notes') ?? 0)));
  const wav = argument('--wav');
  // As long as the recording by default (8 kHz 8-bit mono: 86 MB for 3 hours); --wav-seconds
  // makes a shorter one when only playback needs it.
  if (wav) writeFileSync(wav, silentWav(Number(argument('--wav-seconds') ?? minutes * 60)));
  console.log(`wrote ${out}: ${JSON.stringify(referenceCounts(minutes))}`);
}
