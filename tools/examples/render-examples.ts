/**
 * npm run examples:render [-- K284-1 K331-2 …]
 *
 * Renders the example movements with Debian's MuseScore 3 (`apt-get install musescore3 ffmpeg`):
 * for each one, a corrected copy of its DCML score (mscx-repeats.ts) gives the score PDF, the
 * measure positions (.mpos: every bar's start in the audio, in playback order) and a WAV, which
 * ffmpeg encodes to MP3. The outputs go to server/seed/media/ and are committed: the seed reads
 * them, and neither `npm start` nor `npm test` runs MuseScore or ffmpeg.
 *
 * The render stops on the first movement whose playback order differs from DCML's `next` order.
 * Movements are rendered one after the other, at a low CPU priority.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import { cell, parseIntList, readDcmlTable } from '../../server/seed/dcml-tables';
import { parseMpos } from '../../server/seed/mpos';
import { playbackOrder } from '../../server/seed/playback-order';
import { EXAMPLE_PIECES, MEDIA_DIR, type RenderManifest } from '../../server/seed/example-media';
import { correctedScore } from './mscx-repeats';
import { firstOnsetSeconds, readWav, rmsBars } from './wav-audio';

const MSCORE = process.env.MSCORE ?? 'mscore3';
const FFMPEG = process.env.FFMPEG ?? 'ffmpeg';
const SCORES = fileURLToPath(new URL('../../server/seed/dcml-mozart/MS3/', import.meta.url));
const OUT = fileURLToPath(MEDIA_DIR);

/**
 * MP3 plays in every browser. About two hours of piano must fit in 40 MB: mono at 40 kbit/s
 * (ABR) spends the whole budget on one channel, where stereo would halve it for a mostly central
 * piano. 32 kHz keeps MPEG-1 Layer III with less frame overhead than 44.1 kHz; LAME's low-pass at
 * this rate lies near 10 kHz, above most of the piano's energy. LAME writes its encoder delay and
 * padding into the Info frame, which browsers use to drop the priming samples (measured in
 * Chromium by tests/e2e/examples-audio.spec.ts).
 */
const ENCODER_ARGS = ['-ac', '1', '-ar', '32000', '-c:a', 'libmp3lame', '-abr', '1'];
const BITRATE = '40k';

/** At most the desktop's 2,500 bars, and none shorter than a tenth of a second. */
const MAX_AUDIOWAVE_BARS = 2500;

function run(command: string, args: string[]): string {
  return execFileSync('nice', ['-n', '10', command, ...args], {
    env: { ...process.env, QT_QPA_PLATFORM: 'offscreen' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
}

function successorsOf(piece: string): Map<number, number[]> {
  return new Map(
    readDcmlTable(`${piece}.measures.tsv`).map((row) => [
      Number(cell(row, 'mc')),
      parseIntList(row.next),
    ]),
  );
}

async function renderPiece(piece: string, renderer: string): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), `examples-${piece}-`));
  try {
    const original = readFileSync(path.join(SCORES, `${piece}.mscx`), 'utf8');
    const corrected = correctedScore(original, successorsOf(piece));
    const score = path.join(work, `${piece}.mscx`);
    writeFileSync(score, corrected.mscx);
    const file = (extension: string) => path.join(work, `${piece}.${extension}`);
    for (const extension of ['mpos', 'pdf', 'wav']) run(MSCORE, ['-o', file(extension), score]);

    const positions = parseMpos(readFileSync(file('mpos'), 'utf8'));
    const played = positions.events.map((event) => event.elementId + 1);
    const expected = playbackOrder(readDcmlTable(`${piece}.measures.tsv`));
    const differ = played.findIndex((mc, i) => mc !== expected[i]);
    if (differ >= 0 || played.length !== expected.length) {
      throw new Error(
        `${piece}: MuseScore plays ${played.length} bars, DCML's next order has ` +
          `${expected.length}; first difference at bar ${differ}`,
      );
    }

    const audio = readWav(readFileSync(file('wav')));
    const seconds = audio.samples.length / audio.sampleRate;
    const mp3 = path.join(OUT, `${piece}.mp3`);
    run(FFMPEG, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-i', file('wav')],
      ...['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact'],
      ...ENCODER_ARGS,
      ...['-b:a', BITRATE, '-id3v2_version', '0', '-write_xing', '1', mp3],
    ]);
    copyFileSync(file('pdf'), path.join(OUT, `${piece}.pdf`));
    copyFileSync(file('mpos'), path.join(OUT, `${piece}.mpos`));

    const manifest: RenderManifest = {
      piece,
      renderer,
      encoder: `${ENCODER_ARGS.join(' ')} -b:a ${BITRATE}`,
      corrections: corrected.changes,
      audio: `${piece}.mp3`,
      score: `${piece}.pdf`,
      measurePositions: `${piece}.mpos`,
      seconds,
      pages: Math.max(...positions.pages) + 1,
      firstOnsetSeconds: Math.round(firstOnsetSeconds(audio) * 1e5) / 1e5,
      audiowave: rmsBars(audio, Math.min(MAX_AUDIOWAVE_BARS, Math.round(seconds * 10))),
    };
    const json = await format(JSON.stringify(manifest), { parser: 'json', printWidth: 100 });
    writeFileSync(path.join(OUT, `${piece}.render.json`), json);
    const size = statSync(mp3).size;
    console.log(
      `${piece}: ${played.length} bars, ${seconds.toFixed(1)} s, ${manifest.pages} pages, ` +
        `${(size / 1e6).toFixed(2)} MB` +
        (corrected.changes.length > 0 ? `; ${corrected.changes.length} corrections` : ''),
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((piece) => !EXAMPLE_PIECES.includes(piece));
  if (unknown.length > 0) throw new Error(`unknown movements: ${unknown.join(', ')}`);
  const renderer = run(MSCORE, ['--version']).trim();
  for (const piece of asked.length > 0 ? asked : EXAMPLE_PIECES) await renderPiece(piece, renderer);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
