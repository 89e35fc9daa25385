/**
 * The committed recordings of the example movements (server/seed/media/, written by
 * `npm run examples:render`, tools/examples/render-examples.ts): per movement an MP3, the score
 * PDF, MuseScore's measure positions (.mpos) and a manifest (.render.json).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serverFileUrl } from '../server-files';
import { parseMpos, type MeasurePositions } from './mpos';

export const MEDIA_DIR = serverFileUrl('seed/media/');

export const EXAMPLE_PIECES: readonly string[] = [
  'K284',
  'K309',
  'K310',
  'K311',
  'K330',
  'K331',
].flatMap((work) => [1, 2, 3].map((movement) => `${work}-${movement}`));

export interface RenderManifest {
  piece: string;
  /** `mscore3 --version` of the render. */
  renderer: string;
  /** ffmpeg's encoder arguments. */
  encoder: string;
  /** What the render changed in its copy of the score, and why. */
  corrections: string[];
  /** File names beside the manifest. */
  audio: string;
  score: string;
  measurePositions: string;
  /** Length of the rendered audio (the WAV before encoding). */
  seconds: number;
  pages: number;
  /** The first sample above 1% of the opening's peak, in the WAV. */
  firstOnsetSeconds: number;
  /** RMS of equal slices of the audio, the loudest 1. */
  audiowave: number[];
}

export interface ExampleRecording {
  manifest: RenderManifest;
  positions: MeasurePositions;
  audioPath: string;
  scorePath: string;
}

function mediaFilePath(name: string): string {
  return fileURLToPath(new URL(name, MEDIA_DIR));
}

export function readExampleRecording(piece: string): ExampleRecording {
  const manifest = JSON.parse(
    readFileSync(new URL(`${piece}.render.json`, MEDIA_DIR), 'utf8'),
  ) as RenderManifest;
  if (manifest.piece !== piece) throw new Error(`${piece}.render.json is for ${manifest.piece}`);
  return {
    manifest,
    positions: parseMpos(readFileSync(new URL(manifest.measurePositions, MEDIA_DIR), 'utf8')),
    audioPath: mediaFilePath(manifest.audio),
    scorePath: mediaFilePath(manifest.score),
  };
}
