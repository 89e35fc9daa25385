import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { NO_RECORDING } from '../../server/routes/peaks.routes';
import { databaseKinds } from './support/test-database';
import { analysisTla, createUser, upload, uploadSuite } from './support/upload-helpers';
import type { UploadResponseJson } from '../../src/shared/api-types';
import { decodePeaks, PEAKS_MEDIA_TYPE } from '../../src/shared/waveform/peaks';

const audio = (name: string) => readFileSync(new URL(`../fixtures/audio/${name}`, import.meta.url));

/** The start of an MP4 file as the sniffer knows it: a video with no sound to draw. */
const mp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 24]),
  Buffer.from('ftypisom\0\0\0\0isommp41'),
  Buffer.alloc(2048),
]);

describe.each(databaseKinds)('waveform peaks of a file on %s', (kind) => {
  const suite = uploadSuite(kind);

  async function stored(name: string, bytes: Buffer | string | null, isPublic = true) {
    const parts = [
      { name: `${name}.tla`, bytes: analysisTla({ title: name, mediaPath: bytes ? name : '' }) },
      ...(bytes ? [{ name, bytes }] : []),
    ];
    const response = await upload(suite.app, suite.ana, parts, { is_public: String(isPublic) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<UploadResponseJson>().files[0]!.id;
  }

  /** The peaks route's answer once it no longer says they are being computed. */
  async function peaksOf(id: number, headers: Record<string, string> = {}) {
    for (let tries = 0; ; tries++) {
      const response = await suite.app.inject({ url: `/api/v1/files/${id}/peaks`, headers });
      if (response.statusCode !== 202 || tries === 200) return response;
      expect(response.headers['retry-after']).toBe('5');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('computes them from the recording once it is stored, and serves them by its content', async () => {
    const id = await stored('tone.mp3', audio('tone.mp3'));
    const response = await peaksOf(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(PEAKS_MEDIA_TYPE);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const peaks = decodePeaks(new Uint8Array(response.rawPayload))!;
    expect(peaks.sampleRate).toBe(22050);
    expect(Math.max(...peaks.levels[0]!.pairs)).toBeGreaterThan(55);
    const again = await suite.app.inject({
      url: `/api/v1/files/${id}/peaks`,
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves a private file’s peaks to its owner only', async () => {
    const id = await stored('tone.flac', audio('tone.flac'), false);
    const stranger = await createUser(suite.testDb.database.db, `stranger${kind}`);
    const refused = await suite.app.inject({
      url: `/api/v1/files/${id}/peaks`,
      headers: stranger.auth,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ detail: 'Not found.' });
    expect((await suite.app.inject({ url: `/api/v1/files/${id}/peaks` })).statusCode).toBe(404);
    const owned = await peaksOf(id, suite.ana.auth);
    expect(owned.statusCode).toBe(200);
    expect(owned.headers['cache-control']).toBe('no-store');
  });

  it('says when a file has no recording, or one it cannot draw', async () => {
    const silent = await stored('no-media', null);
    const none = await suite.app.inject({ url: `/api/v1/files/${silent}/peaks` });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: NO_RECORDING });
    const video = await stored('film.mp4', mp4);
    const undrawn = await peaksOf(video);
    expect(undrawn.statusCode).toBe(422);
    expect(undrawn.json()).toEqual({
      detail:
        'The waveform cannot be drawn from video/mp4 recordings; it is drawn from MP3, WAV, Ogg (Vorbis or Opus) and FLAC.',
    });
    expect((await suite.app.inject({ url: '/api/v1/files/999999/peaks' })).statusCode).toBe(404);
  });

  it('computes at start the peaks of every recording that has none', async () => {
    const id = await stored('tone.ogg', audio('tone.ogg'));
    expect((await peaksOf(id)).statusCode).toBe(200);
    const { db } = suite.testDb.database;
    await db.execute(sql`DELETE FROM media_peaks`);
    const app = await buildApp({
      config: suite.config,
      database: suite.testDb.database,
      shedLoad: false,
    });
    try {
      await app.ready();
      for (let tries = 0; tries < 200; tries++) {
        const result: unknown = await db.execute(sql`SELECT count(*)::int AS n FROM media_peaks`);
        const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
        const [row] = rows as { n: number }[];
        if (Number(row!.n) >= 3) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const served = await app.inject({ url: `/api/v1/files/${id}/peaks` });
      expect(served.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
