import { describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { mkdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { databaseKinds } from './support/test-database';
import { testApp, testConfig } from './support/test-app';
import { wavBytes } from './support/media-bytes';
import { multipartBody } from './support/multipart-body';
import { until } from './support/waiting';
import { analysisTla, filesUnder, rowCounts, uploadSuite } from './support/upload-helpers';

describe.each(databaseKinds)('an upload cut off mid-way on %s', (kind) => {
  const suite = uploadSuite(kind, { listen: true });

  it('streams to a temporary file and removes it when the client goes away', async () => {
    const before = await rowCounts(suite.testDb.database.db);
    const { body, headers } = multipartBody([
      { name: 'piece.tla', bytes: analysisTla({ title: 'Piece', mediaPath: 'piece.wav' }) },
      { name: 'piece.wav', bytes: wavBytes(240) },
    ]);
    const socket = connect(suite.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/v1/upload/ HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Authorization: ${suite.ana.auth.authorization}\r\n` +
        `Content-Type: ${headers['content-type']}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // Send the .tla and the first half of the recording, then vanish.
    socket.write(body.subarray(0, Math.floor(body.length / 2)));

    const tempDir = path.join(suite.config.mediaDir, '.tmp');
    const tempBytes = () =>
      filesUnder(tempDir).reduce((sum, name) => sum + statSync(path.join(tempDir, name)).size, 0);
    // Both parts are on disk while the request is still open: the .tla whole, the media growing.
    await until(() => filesUnder(tempDir).length === 2 && tempBytes() > 1_000_000, 'temp files');

    socket.destroy();
    await until(() => filesUnder(tempDir).length === 0, 'the temporary files to go');
    expect(filesUnder(suite.config.mediaDir)).toEqual([]);
    expect(await rowCounts(suite.testDb.database.db)).toEqual(before);

    // The server carries on: the same upload sent whole succeeds.
    const response = await fetch(`http://127.0.0.1:${suite.port}/api/v1/upload/`, {
      method: 'POST',
      headers: { ...headers, ...suite.ana.auth },
      body: Uint8Array.from(body),
    });
    expect(response.status).toBe(201);
    expect(filesUnder(tempDir)).toEqual([]);
  });

  it('removes temporary files a crashed process left behind, and only old ones, at start', async () => {
    const leftover = testConfig();
    const tempDir = path.join(leftover.mediaDir, '.tmp');
    mkdirSync(tempDir, { recursive: true });
    writeFileSync(path.join(tempDir, 'crashed'), 'half an upload');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    utimesSync(path.join(tempDir, 'crashed'), twoDaysAgo, twoDaysAgo);
    writeFileSync(path.join(tempDir, 'in-progress'), 'another process is receiving this');
    const restarted = await testApp(suite.testDb.database, leftover);
    try {
      expect(filesUnder(tempDir)).toEqual(['in-progress']);
    } finally {
      await restarted.close();
    }
  });
});
