import { describe, expect, it } from 'vitest';
import { databaseKinds } from './support/test-database';
import { analysisTla, createUser, upload, uploadSuite } from './support/upload-helpers';
import { wavBytes } from './support/media-bytes';
import type { UploadResponseJson, ViewerFileJson } from '../../src/shared/api-types';

describe.each(databaseKinds)('media of private files on %s', (kind) => {
  const suite = uploadSuite(kind);

  async function uploadWithMedia(isPublic: boolean, frequency: number) {
    const response = await upload(
      suite.app,
      suite.ana,
      [
        { name: 'p.tla', bytes: analysisTla({ title: 'Private piece', mediaPath: 'piece.wav' }) },
        { name: 'piece.wav', bytes: wavBytes(1, frequency) },
      ],
      { is_public: String(isPublic) },
    );
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<UploadResponseJson>().files[0]!.id;
    const viewed = await suite.app.inject({
      url: `/api/v1/files/${id}/json`,
      headers: suite.ana.auth,
    });
    const cookie = String(viewed.headers['set-cookie'] ?? '').split(';')[0]!;
    const url = suite.config.mediaBaseUrl + viewed.json<ViewerFileJson>().concrete_work.url;
    return { id, cookie, url, setCookie: String(viewed.headers['set-cookie']) };
  }

  it('serves a private file’s recording to its owner only, never at a public content URL', async () => {
    const { cookie, url, setCookie } = await uploadWithMedia(false, 331);
    expect(setCookie).toMatch(
      /^tilia_media=[^;]+; Path=\/media\/; Max-Age=43200; HttpOnly; SameSite=Lax$/,
    );
    const stranger = await suite.app.inject({ url });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ detail: 'Not found.' });
    // As a path that was never stored.
    const missing = await suite.app.inject({ url: url.replace(/[0-9a-f]{6}\./, '000000.') });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe(stranger.body);

    const owner = await suite.app.inject({ url, headers: { cookie } });
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['cache-control']).toBe('private, max-age=3600');

    // Another signed-in user's cookie opens only that user's own media.
    const bea = await createUser(suite.testDb.database.db, 'bea-media');
    const other = await suite.app.inject({ url: '/api/v1/files/135/json', headers: bea.auth });
    const beaCookie = String(other.headers['set-cookie'] ?? '').split(';')[0]!;
    expect((await suite.app.inject({ url, headers: { cookie: beaCookie } })).statusCode).toBe(404);
    // A forged or altered cookie opens nothing.
    const forged = cookie.slice(0, -4) + 'abcd';
    expect((await suite.app.inject({ url, headers: { cookie: forged } })).statusCode).toBe(404);
  });

  it('serves a public file’s recording to anyone, cached as immutable, and stops when it turns private', async () => {
    const { id, url } = await uploadWithMedia(true, 440);
    const anyone = await suite.app.inject({ url });
    expect(anyone.statusCode).toBe(200);
    expect(anyone.headers['cache-control']).toBe('public, max-age=86400, immutable');

    const patched = await suite.app.inject({
      method: 'PATCH',
      url: `/api/v1/files/${id}/`,
      headers: suite.ana.auth,
      payload: { is_public: false },
    });
    expect(patched.statusCode).toBe(200);
    expect((await suite.app.inject({ url })).statusCode).toBe(404);
  });

  it('keeps a recording public while any public file uses it', async () => {
    const first = await uploadWithMedia(false, 523);
    const second = await uploadWithMedia(true, 523);
    expect(second.url).toBe(first.url);
    expect((await suite.app.inject({ url: first.url })).statusCode).toBe(200);
  });
});
