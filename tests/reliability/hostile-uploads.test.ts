import { beforeAll, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { databaseKinds } from '../server/support/test-database';
import { multipartBody } from '../server/support/multipart-body';
import {
  analysisTla,
  filesUnder,
  rowCounts,
  upload,
  uploadSuite,
} from '../server/support/upload-helpers';
import { capturingOptions } from './support/log-capture';
import { wrongTypeCases } from './support/wrong-types';
import { until } from '../server/support/waiting';

const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** Opens a raw connection to the app, for bodies app.inject cannot send (streamed, cut off). */
function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends back until it closes the connection (or `ms` pass). */
function responseOf(socket: Socket, ms = 60_000): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(text);
    }, ms);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
  });
}

describe.each(databaseKinds)('hostile uploads on %s', (kind) => {
  const suite = uploadSuite(kind, { ...capturingOptions(), listen: true });
  let emptyCounts: Record<string, number>;

  beforeAll(async () => {
    emptyCounts = await rowCounts(suite.testDb.database.db);
  });

  /** Nothing in the database and no file, temporary or not, under MEDIA_DIR. */
  async function expectNothingStored() {
    expect(await rowCounts(suite.testDb.database.db)).toEqual(emptyCounts);
    expect(filesUnder(suite.config.mediaDir)).toEqual([]);
  }

  async function expectRefused(
    files: { name: string; bytes: Uint8Array | string }[],
    status: number,
    reason: RegExp,
  ) {
    const response = await upload(suite.app, suite.ana, files);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.body).toMatch(reason);
    await expectNothingStored();
  }

  it('answers 413 to 100 MB over the limit, streamed without a Content-Length', async () => {
    const { body, headers } = multipartBody([{ name: 'big.wav', bytes: '' }]);
    // The part's headers only: its bytes follow in chunks, and the closing boundary never comes.
    const opening = body.subarray(0, body.toString('latin1').lastIndexOf('\r\n--'));
    const socket = await openSocket(suite.port);
    const answer = responseOf(socket);
    socket.write(
      `POST /api/v1/upload/ HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${suite.ana.auth.authorization}\r\n` +
        `Content-Type: ${headers['content-type']}\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const writeChunk = (data: Buffer) =>
      new Promise<void>((resolve) => {
        if (socket.destroyed) return resolve();
        socket.write(`${data.length.toString(16)}\r\n`);
        socket.write(data);
        socket.write('\r\n', () => resolve());
      });
    await writeChunk(opening);
    const overLimit = suite.config.maxUploadBytes / chunk.length + 100;
    for (let i = 0; i < overLimit && !socket.destroyed; i += 1) await writeChunk(chunk);
    if (!socket.destroyed) socket.end('0\r\n\r\n');
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 413/);
    expect(text).toContain('The upload is too large: at most 100 MB.');
    await until(() => filesUnder(suite.config.mediaDir).length === 0, 'the temporary file to go');
    await expectNothingStored();
  });

  it('answers 413 to a Content-Length 100 MB over the limit before reading the body', async () => {
    const socket = await openSocket(suite.port);
    const answer = responseOf(socket);
    socket.write(
      `POST /api/v1/upload/ HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${suite.ana.auth.authorization}\r\n` +
        `Content-Type: multipart/form-data; boundary=x\r\n` +
        `Content-Length: ${suite.config.maxUploadBytes + 100 * 1024 * 1024}\r\n\r\n--x\r\n`,
    );
    expect(await answer).toMatch(/^HTTP\/1\.1 413/);
    await expectNothingStored();
  });

  it('refuses JSON nested 200,000 deep, in a .tla and as a request body', async () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    await expectRefused([{ name: 'deep.tla', bytes: deep }], 400, /nested too deeply/);
    const inObject = `{"timelines": ${'{"a":'.repeat(200_000)}1${'}'.repeat(200_000)}}`;
    await expectRefused([{ name: 'deep.tla', bytes: inObject }], 400, /nested too deeply/);
    const login = await suite.app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      headers: { 'content-type': 'application/json' },
      payload: `{"username": ${deep}, "password": "x"}`,
    });
    expect(login.statusCode).toBe(400);
  });

  it.each(['__proto__', 'constructor', 'prototype'])(
    'refuses a %s key anywhere in a .tla or a JSON body',
    async (key) => {
      const document = JSON.parse(analysisTla({ title: 'Polluted' })) as Record<string, unknown>;
      const places: ((doc: Record<string, unknown>) => Record<string, unknown>)[] = [
        (doc) => doc,
        (doc) => doc.media_metadata as Record<string, unknown>,
        (doc) => (doc.timelines as Record<string, Record<string, unknown>>)['0']!,
        (doc) =>
          (
            (doc.timelines as Record<string, Record<string, unknown>>)['0']!.components as Record<
              string,
              Record<string, unknown>
            >
          )['100']!,
      ];
      for (const place of places) {
        const copy = JSON.parse(JSON.stringify(document)) as Record<string, unknown>;
        // A JSON text key, not an assignment: the file is written, not built by our code.
        const text = JSON.stringify(copy);
        const target = place(copy);
        target.__MARK__ = 0;
        const marked = JSON.stringify(copy).replace('"__MARK__":0', `"${key}":{"isAdmin":true}`);
        expect(marked).not.toBe(text);
        await expectRefused([{ name: 'polluted.tla', bytes: marked }], 400, /forbidden key/);
      }
      const registration = await suite.app.inject({
        method: 'POST',
        url: '/api/v1/dj-rest-auth/registration/',
        headers: { 'content-type': 'application/json' },
        payload: `{"username": "mallory", "${key}": {"is_staff": true}}`,
      });
      expect(registration.statusCode).toBe(400);
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    },
  );

  it.each(['1e309', '-1e309'])('refuses the number %s wherever it stands', async (number) => {
    const document = analysisTla({ title: 'Overflow' });
    const inTime = document.replace('"time": 0.5', `"time": ${number}`);
    const inLength = document.replace('"media length": 2', `"media length": ${number}`);
    const inUnknown = document.replace('"app_name": "TiLiA"', `"app_name": ${number}`);
    for (const text of [inTime, inLength, inUnknown]) {
      expect(text).not.toBe(document);
      await expectRefused([{ name: 'overflow.tla', bytes: text }], 400, /out of range|number/);
    }
  });

  it('refuses every typed field of the format with a value of the wrong type', async () => {
    const cases = wrongTypeCases();
    expect(cases.length).toBeGreaterThan(150);
    for (const { path, text } of cases) {
      const response = await upload(suite.app, suite.ana, [{ name: 'typed.tla', bytes: text }]);
      expect(response.statusCode, `${path}: ${response.body}`).toBe(400);
      expect(response.json<{ file: string[] }>().file[0]).toContain("'typed.tla'");
    }
    await expectNothingStored();
  });

  it('refuses 100,000 timelines and a 10 MB label', async () => {
    const document = JSON.parse(analysisTla({ title: 'Wide' })) as { timelines: object };
    const timeline = (document.timelines as Record<string, unknown>)['0'];
    document.timelines = Object.fromEntries(
      Array.from({ length: 100_000 }, (_, i) => [String(i), timeline]),
    );
    await expectRefused(
      [{ name: 'wide.tla', bytes: JSON.stringify(document) }],
      400,
      /more than 10000 timelines/,
    );
    const long = analysisTla({ title: 'Long' }).replace(
      '"M1"',
      `"${'x'.repeat(10 * 1024 * 1024)}"`,
    );
    await expectRefused([{ name: 'long.tla', bytes: long }], 400, /string longer than/);
  });

  it.each([
    ['path traversal', '../../../../etc/cron.d/evil.tla'],
    ['Windows traversal', '..\\..\\Windows\\evil.tla'],
    ['a NUL byte', 'evil\u0000.tla'],
    ['1,000 characters', `${'a'.repeat(996)}.tla`],
    ['a right-to-left override', 'evil\u202Ealt.tla'],
    ['a right-to-left mark', 'evil\u200Fname.tla'],
    ['control characters', 'evil\u0007\u001b[31m.tla'],
  ])('refuses a file name with %s', async (_what, name) => {
    await expectRefused([{ name, bytes: analysisTla({ title: 'Named' }) }], 400, /file name/);
  });

  it('refuses a .tla that is really a PNG, naming the file', async () => {
    // The .tla reader gets it (the name says .tla) and finds no UTF-8 JSON text in it.
    await expectRefused(
      [{ name: 'picture.tla', bytes: Buffer.concat([PNG_HEAD, Buffer.alloc(4096)]) }],
      400,
      /'picture\.tla': not valid UTF-8 text/,
    );
    await expectRefused(
      [{ name: 'picture.png', bytes: Buffer.concat([PNG_HEAD, Buffer.alloc(4096)]) }],
      415,
      /Unsupported file type/,
    );
  });

  it('answers 400 to a multipart body that ends before its closing boundary', async () => {
    const { body, headers } = multipartBody([
      { name: 'cut.tla', bytes: analysisTla({ title: 'Cut' }) },
    ]);
    const response = await suite.app.inject({
      method: 'POST',
      url: '/api/v1/upload/',
      headers: { ...headers, ...suite.ana.auth },
      payload: body.subarray(0, Math.floor(body.length * 0.7)),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ detail: string }>().detail).toMatch(/^Multipart form parse error/);
    await expectNothingStored();
  });

  it('refuses a gzip bomb sent with Content-Encoding, without inflating it', async () => {
    const { body, headers } = multipartBody([
      { name: 'bomb.tla', bytes: Buffer.alloc(64 * 1024 * 1024, 0x20) },
    ]);
    const bomb = gzipSync(body, { level: 9 });
    expect(bomb.length).toBeLessThan(256 * 1024);
    const before = process.memoryUsage().rss;
    for (const encoding of ['gzip', 'deflate', 'br', 'gzip, identity']) {
      const response = await suite.app.inject({
        method: 'POST',
        url: '/api/v1/upload/',
        headers: { ...headers, ...suite.ana.auth, 'content-encoding': encoding },
        payload: bomb,
      });
      expect(response.statusCode, response.body).toBe(415);
      expect(response.json<{ detail: string }>().detail).toMatch(/Content-Encoding/);
    }
    expect(process.memoryUsage().rss - before).toBeLessThan(48 * 1024 * 1024);
    await expectNothingStored();
  });

  it('keeps nothing, not even a temporary file, of an upload that stops half way', async () => {
    const { body, headers } = multipartBody([
      { name: 'half.tla', bytes: analysisTla({ title: 'Half', markers: 2000 }) },
    ]);
    const socket = await openSocket(suite.port);
    const answer = responseOf(socket, 5_000);
    socket.write(
      `POST /api/v1/upload/ HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${suite.ana.auth.authorization}\r\n` +
        `Content-Type: ${headers['content-type']}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // Slowly, in small pieces, then the client goes away.
    const half = Math.floor(body.length / 2);
    for (let offset = 0; offset < half; offset += 4096) {
      socket.write(body.subarray(offset, Math.min(offset + 4096, half)));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await until(() => filesUnder(suite.config.mediaDir).length > 0, 'the temporary file');
    socket.destroy();
    await answer;
    await until(() => filesUnder(suite.config.mediaDir).length === 0, 'the temporary file to go');
    await expectNothingStored();
  });

  it('stores 20 concurrent uploads by one user, each whole, with distinct ids', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        upload(suite.app, suite.ana, [
          { name: `c${i}.tla`, bytes: analysisTla({ title: `Concurrent ${i}` }) },
        ]),
      ),
    );
    const ids = responses.map((response) => {
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ files: { id: number; title: string }[] }>().files[0]!.id;
    });
    expect(new Set(ids).size).toBe(20);
    const counts = await rowCounts(suite.testDb.database.db);
    expect(counts.files).toBe(emptyCounts.files! + 20);
    for (const [i, id] of ids.entries()) {
      const json = await suite.app.inject({
        url: `/api/v1/files/${id}/json`,
        headers: suite.ana.auth,
      });
      expect(json.json<{ abstract_work: { title: string } }>().abstract_work.title).toBe(
        `Concurrent ${i}`,
      );
    }
    expect(filesUnder(suite.config.mediaDir).filter((name) => name.startsWith('.tmp'))).toEqual([]);
  });
});
