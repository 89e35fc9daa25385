/**
 * The example analyses: 18 DCML Mozart sonata movements (dcml-mozart/, CC BY-NC-SA 4.0) turned
 * into TiLiA .tla files the desktop app 0.5.14 opens with their recording and score: a
 * synthesized performance (media/, `npm run examples:render`) with its audiowave, a beat timeline
 * of the bars as played (repeats unfolded), the Score timeline of every note, DCML's phrases,
 * harmony with local keys and cadences (mapped as the TiLiA team's dataset-converters do,
 * dcml-mozart/SOURCE.md), and the score PDF's pages. Every time is in seconds of the recording.
 */
import { readFileSync } from 'node:fs';
import { cell, DCML_DIR, readDcmlTable, type TsvRow } from './dcml-tables';
import {
  cadencesTimeline,
  harmonyTimeline,
  measuresTimeline,
  phrasesOf,
  phrasesTimeline,
} from './dcml-timelines';
import { buildTlaDocument } from './tla-document-builder';
import { PyFloat, pythonJsonDump, type PyObject } from './tla-python-json';
import { readExampleRecording, type ExampleRecording } from './example-media';
import { readClefs } from './mscx-clefs';
import { placeRows, playedBars } from './played-bars';
import { scoreTimeline } from './score-timeline';
import { audiowaveTimeline, coarserBars, pdfTimeline } from './recording-timelines';

export interface ExampleAnalysis {
  id: number;
  /** 'K284-1' */
  key: string;
  title: string;
  composer: string;
  tlaText: string;
  recording: ExampleRecording;
  stats: {
    /** Bars as played, repeats included. */
    bars: number;
    /** NOTE components, and the note rows they come from at every playing (ties not joined). */
    notes: number;
    noteRows: number;
    joinedTies: number;
    /** DCML chord rows (chord neither empty nor '@none'). */
    chords: number;
    /** HARMONY components that denote exactly DCML's chord. */
    exact: number;
    /** HARMONY components shown as DCML's label in custom text. */
    custom: number;
    customReasons: Record<string, number>;
  };
}

/** The platform's ids for the movements, in K-number and movement order. */
const MOVEMENT_IDS: Readonly<Record<string, readonly [number, number, number]>> = {
  K284: [135, 136, 137],
  K309: [138, 139, 140],
  K310: [141, 154, 143],
  K311: [144, 145, 146],
  K330: [147, 155, 153],
  K331: [150, 151, 152],
};

/**
 * metadata.tsv (v2.3) swaps the movementTitle values of K310 and K311 (SOURCE.md, "Metadata
 * quirk"); the annotations themselves are right (K310 in a, K311 in D).
 */
const MOVEMENT_TITLE_FIXES: Readonly<Record<string, string>> = {
  'K310-1': 'Allegro maestoso',
  'K310-2': 'Andante cantabile con espressione',
  'K310-3': 'Presto',
  'K311-1': 'Allegro con spirito',
  'K311-2': 'Andante con espressione',
  'K311-3': 'Rondeau \u2013 Allegro',
};

const ROMAN_MOVEMENTS = ['I', 'II', 'III'];
const COMPOSER = 'Wolfgang Amadeus Mozart';
const LICENCE = 'CC BY-NC-SA 4.0 (https://creativecommons.org/licenses/by-nc-sa/4.0/)';
const CITATION =
  'Hentschel, J., Neuwirth, M. & Rohrmeier, M. (2021). The Annotated Mozart Sonatas: Score, ' +
  'harmony, and cadence. Transactions of the International Society for Music Information ' +
  'Retrieval, 4(1), 67\u201380. https://doi.org/10.5334/tismir.63';
const TIME_UNIT = 'seconds of the synthesized recording';
const PERFORMER = 'MuseScore 3 (synthesized piano)';

/** 'Piano Sonata no. 6 in D major' + 'K284' + 1 + 'Allegro' → '…No. 6 in D major, K. 284: I. Allegro'. */
function movementTitle(meta: TsvRow, piece: string): string {
  const work = cell(meta, 'workTitle').replace(/\bno\. /, 'No. ');
  const kNumber = cell(meta, 'workNumber').replace(/^K/, '');
  const movement = ROMAN_MOVEMENTS[Number(cell(meta, 'movementNumber')) - 1] ?? '';
  const name = MOVEMENT_TITLE_FIXES[piece] ?? cell(meta, 'movementTitle');
  return `${work}, K. ${kNumber}: ${movement}. ${name}`;
}

/** 'D' → 'D major', 'a' → 'A minor', 'Bb' → 'Bb major'. */
function tonalityName(globalKey: string): string {
  const upper = globalKey.charAt(0).toUpperCase() + globalKey.slice(1);
  return `${upper} ${globalKey === upper ? 'major' : 'minor'}`;
}

/** '1: 2/2, 248: 3/4' → '2/2, 3/4'. */
function timeSignatures(text: string): string {
  return text
    .split(',')
    .map((part) => part.split(':').pop()?.trim() ?? '')
    .join(', ');
}

function mediaMetadata(
  meta: TsvRow,
  piece: string,
  mediaLength: number,
  renderer: string,
): PyObject {
  const annotators = cell(meta, 'annotators');
  const reviewers = cell(meta, 'reviewers');
  const years = [cell(meta, 'composed_start'), cell(meta, 'composed_end')];
  const notes = [
    `Harmony, cadence and phrase annotations from the DCML corpus "The Annotated Mozart ` +
      `Sonatas: Score, Harmony, and Cadence" (v2.3, https://github.com/DCMLab/mozart_piano_sonatas), ` +
      `movement ${piece}.`,
    `Annotated by ${annotators}; reviewed by ${reviewers}.`,
    `Please cite: ${CITATION}`,
    `Licence: ${LICENCE}. This file is a derivative of the corpus and carries the same licence; ` +
      `commercial use is not allowed.`,
    `The recording is synthesized from the DCML score (${renderer}, its General MIDI piano), ` +
      `with the repeats, endings and da capo played in the order of DCML's measures table; the ` +
      `score PDF is MuseScore's engraving of the same file. Every time is in seconds of that ` +
      `recording, so bars, harmonies, cadences and phrases recur with their repeats.`,
  ].join('\n\n');
  return {
    title: movementTitle(meta, piece),
    notes,
    'media length': new PyFloat(mediaLength),
    composer: COMPOSER,
    tonality: tonalityName(cell(meta, 'annotated_key')),
    'time signature': timeSignatures(cell(meta, 'TimeSig')),
    performer: PERFORMER,
    'performance year': '',
    arranger: '',
    'composition year': years[0] === years[1] ? (years[0] ?? '') : years.join('\u2013'),
    'recording year': '',
    form: '',
    instrumentation: 'piano',
    genre: 'piano sonata',
    lyrics: '',
    corpus: 'DCML Annotated Mozart Sonatas v2.3 (doi:10.5281/zenodo.7424962)',
    licence: LICENCE,
    citation: CITATION,
    annotators,
    'time unit': TIME_UNIT,
  };
}

export function buildExampleAnalysis(piece: string, id: number, meta: TsvRow): ExampleAnalysis {
  const recording = readExampleRecording(piece);
  const mediaLength = recording.manifest.seconds;
  const measures = readDcmlTable(`${piece}.measures.tsv`);
  const bars = playedBars(measures, recording.positions, mediaLength);
  const harmonies = placeRows(readDcmlTable(`${piece}.harmonies.tsv`), bars);
  const harmony = harmonyTimeline(harmonies, 5);
  const clefs = readClefs(readFileSync(new URL(`MS3/${piece}.mscx`, DCML_DIR), 'utf8'));
  const notes = readDcmlTable(`notes/${piece}.notes.tsv`);
  const score = scoreTimeline(notes, measures, clefs, bars, mediaLength, 3);
  const document = buildTlaDocument(
    mediaMetadata(meta, piece, mediaLength, recording.manifest.renderer),
    [
      audiowaveTimeline(coarserBars(recording.manifest.audiowave, 3), mediaLength, 1),
      measuresTimeline(bars, 2),
      score.timeline,
      phrasesTimeline(phrasesOf(harmonies, mediaLength), 4),
      harmony.timeline,
      cadencesTimeline(harmonies, 6),
      pdfTimeline(bars, recording.manifest.score, 7),
    ],
    { file: `${piece}.tla`, media: recording.manifest.audio },
  );
  const customReasons: Record<string, number> = {};
  let exact = 0;
  for (const { converted } of harmony.chords) {
    if (converted.exact) exact += 1;
    else if (converted.reason)
      customReasons[converted.reason] = (customReasons[converted.reason] ?? 0) + 1;
  }
  if (harmony.replaced > 0)
    customReasons['replaced by a later label at the same time'] = harmony.replaced;
  return {
    id,
    key: piece,
    title: movementTitle(meta, piece),
    composer: COMPOSER,
    tlaText: pythonJsonDump(document),
    recording,
    stats: {
      bars: bars.length,
      notes: score.notes.length,
      noteRows: score.playedRows,
      joinedTies: score.joined,
      chords: harmony.chords.length + harmony.replaced,
      exact,
      custom: harmony.chords.length - exact,
      customReasons,
    },
  };
}

/** Each movement with its platform id, in K-number and movement order. */
export const EXAMPLE_PIECE_IDS: readonly (readonly [string, number])[] = Object.entries(
  MOVEMENT_IDS,
).flatMap(([work, ids]) => ids.map((id, i) => [`${work}-${i + 1}`, id] as const));

/** metadata.tsv's row of a movement. */
export function exampleMetadata(): (piece: string) => TsvRow {
  const metadata = new Map(readDcmlTable('metadata.tsv').map((row) => [cell(row, 'piece'), row]));
  return (piece) => {
    const meta = metadata.get(piece);
    if (!meta) throw new Error(`metadata.tsv has no row for ${piece}`);
    return meta;
  };
}

export function buildExampleAnalyses(): ExampleAnalysis[] {
  const metadata = exampleMetadata();
  return EXAMPLE_PIECE_IDS.map(([piece, id]) => buildExampleAnalysis(piece, id, metadata(piece)));
}
