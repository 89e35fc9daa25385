/**
 * The examples follow their recordings: every bar of the Measures timeline starts where
 * MuseScore's time map (.mpos) puts it, in the same order with the repeats, and the PDF timeline
 * shows the page each bar is engraved on. Checked per movement against the committed outputs of
 * `npm run examples:render` (server/seed/media/), without MuseScore.
 */
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readTla } from '../../src/shared/tla/tla-reader';
import type { BeatTimeline, PdfTimeline, TlaDocument } from '../../src/shared/tla/tla-model';
import { buildExampleAnalyses } from '../../server/seed/dcml-converter';
import { cell, readDcmlTable } from '../../server/seed/dcml-tables';
import { EXAMPLE_PIECES, MEDIA_DIR } from '../../server/seed/example-media';
import { parseMpos } from '../../server/seed/mpos';
import { playbackOrder } from '../../server/seed/playback-order';

const analyses = buildExampleAnalyses();

function documentOf(piece: string): TlaDocument {
  const analysis = analyses.find((a) => a.key === piece);
  if (!analysis) throw new Error(`no ${piece}`);
  return readTla(analysis.tlaText, `${piece}.tla`);
}

function timeline<K extends 'BEAT_TIMELINE' | 'PDF_TIMELINE'>(document: TlaDocument, kind: K) {
  const found = document.timelines.find((t) => t.kind === kind);
  if (!found) throw new Error(`no ${kind}`);
  return found as K extends 'BEAT_TIMELINE' ? BeatTimeline : PdfTimeline;
}

/** The first beat of every measure, from the beat timeline's own arrays. */
function barStarts(beats: BeatTimeline): number[] {
  const starts: number[] = [];
  let index = 0;
  for (const count of beats.beatsInMeasure) {
    starts.push(beats.components[index]?.time ?? Number.NaN);
    index += count;
  }
  return starts;
}

const measurePositions = (piece: string) =>
  parseMpos(readFileSync(new URL(`${piece}.mpos`, MEDIA_DIR), 'utf8'));

describe.each(EXAMPLE_PIECES)('%s', (piece) => {
  it('starts every bar where the recording does, in its order, repeats included', () => {
    const positions = measurePositions(piece);
    const beats = timeline(documentOf(piece), 'BEAT_TIMELINE');
    const starts = barStarts(beats);
    expect(starts).toHaveLength(positions.events.length);
    starts.forEach((start, i) => {
      expect(Math.abs(start - (positions.events[i]?.ms ?? NaN) / 1000)).toBeLessThanOrEqual(0.005);
    });
    // The bar numbers are DCML's, in the order of its `next` column, which MuseScore played.
    const measures = readDcmlTable(`${piece}.measures.tsv`);
    const numberOf = new Map(
      measures.map((row) => [Number(cell(row, 'mc')), Number(cell(row, 'mn'))]),
    );
    expect(beats.measureNumbers).toEqual(
      positions.events.map((e) => numberOf.get(e.elementId + 1)),
    );
    expect(positions.events.map((e) => e.elementId + 1)).toEqual(playbackOrder(measures));
  });

  it('shows the PDF page each bar is engraved on', () => {
    const positions = measurePositions(piece);
    const document = documentOf(piece);
    const pdf = timeline(document, 'PDF_TIMELINE');
    expect(pdf.path).toBe(`${piece}.pdf`);
    const pageAt = (time: number) =>
      pdf.components.filter((marker) => marker.time <= time + 1e-9).pop()?.pageNumber;
    barStarts(timeline(document, 'BEAT_TIMELINE')).forEach((start, i) => {
      const element = positions.events[i]?.elementId ?? -1;
      expect(pageAt(start), `bar ${i} (mc ${element + 1})`).toBe(
        (positions.pages[element] ?? NaN) + 1,
      );
    });
  });
});

describe('the committed recordings', () => {
  it('fit in 40 MB together, as MP3 with LAME gapless information', () => {
    let total = 0;
    for (const piece of EXAMPLE_PIECES) {
      const bytes = readFileSync(new URL(`${piece}.mp3`, MEDIA_DIR));
      total += bytes.length;
      // LAME's Info (or Xing) frame states the encoder delay and padding, which decoders use to
      // drop the priming samples; without it the audio would start some 30 ms late.
      const tag = Math.max(bytes.indexOf('Info'), bytes.indexOf('Xing'));
      expect(tag, piece).toBeGreaterThan(0);
      expect(tag).toBeLessThan(64);
      const delay = ((bytes[tag + 141] ?? 0) << 4) | ((bytes[tag + 142] ?? 0) >> 4);
      expect(delay, piece).toBeGreaterThanOrEqual(576);
      expect(delay, piece).toBeLessThan(2 * 1152);
      expect(statSync(new URL(`${piece}.pdf`, MEDIA_DIR)).size).toBeGreaterThan(10_000);
    }
    console.log(`All 18 recordings: ${(total / 1e6).toFixed(1)} MB`);
    expect(total).toBeLessThanOrEqual(40 * 1000 * 1000);
  });
});
