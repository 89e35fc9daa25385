/**
 * The example analyses: 18 DCML Mozart sonata movements (dcml-mozart/, CC BY-NC-SA 4.0) turned
 * into TiLiA .tla files the desktop app 0.5.14 could open, following the TiLiA team's newer
 * dataset-converters (dcml-mozart/SOURCE.md): a beat timeline of the bars, phrases, harmony with
 * local keys, and cadences. The lead seeds them into the database with the .tla reader.
 */
import { cell, readDcmlTable, type TsvRow } from './dcml-tables';
import {
  barsOf,
  cadencesTimeline,
  harmonyTimeline,
  measuresTimeline,
  phrasesOf,
  phrasesTimeline,
} from './dcml-timelines';
import { buildTlaDocument } from './tla-document-builder';
import { PyFloat, pythonJsonDump, type PyObject } from './tla-python-json';

export interface ExampleAnalysis {
  id: number;
  /** 'K284-1' */
  key: string;
  title: string;
  composer: string;
  tlaText: string;
  stats: {
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
const TIME_UNIT = 'quarter notes (1 s = 1 quarter note)';

/** 'Piano Sonata no. 6 in D major' + 'K284' + 1 + 'Allegro' → '…No. 6 in D major, K. 284: I. Allegro'. */
export function movementTitle(meta: TsvRow, piece: string): string {
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

function mediaMetadata(meta: TsvRow, piece: string, mediaLength: number): PyObject {
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
    `There is no recording: times are in quarter notes (1 second = 1 quarter note); voltas are ` +
      `played once each, in order.`,
  ].join('\n\n');
  return {
    title: movementTitle(meta, piece),
    notes,
    'media length': new PyFloat(mediaLength),
    composer: COMPOSER,
    tonality: tonalityName(cell(meta, 'annotated_key')),
    'time signature': timeSignatures(cell(meta, 'TimeSig')),
    performer: '',
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
  const harmonies = readDcmlTable(`${piece}.harmonies.tsv`);
  const bars = barsOf(readDcmlTable(`${piece}.measures.tsv`));
  const lastBar = bars[bars.length - 1];
  if (!lastBar) throw new Error(`${piece} has no bars`);
  const mediaLength = lastBar.start + lastBar.length;
  const harmony = harmonyTimeline(harmonies, 3);
  const document = buildTlaDocument(mediaMetadata(meta, piece, mediaLength), [
    measuresTimeline(bars, 1),
    phrasesTimeline(phrasesOf(harmonies, mediaLength), 2),
    harmony.timeline,
    cadencesTimeline(harmonies, 4),
  ]);
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
    stats: {
      chords: harmony.chords.length + harmony.replaced,
      exact,
      custom: harmony.chords.length - exact,
      customReasons,
    },
  };
}

export function buildExampleAnalyses(): ExampleAnalysis[] {
  const metadata = new Map(readDcmlTable('metadata.tsv').map((row) => [cell(row, 'piece'), row]));
  return Object.entries(MOVEMENT_IDS).flatMap(([work, ids]) =>
    ids.map((id, i) => {
      const piece = `${work}-${i + 1}`;
      const meta = metadata.get(piece);
      if (!meta) throw new Error(`metadata.tsv has no row for ${piece}`);
      return buildExampleAnalysis(piece, id, meta);
    }),
  );
}
