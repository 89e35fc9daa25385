import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type {
  UploadResponseJson,
  UserFileJson,
  UserFilesJson,
  ViewerFileJson,
} from '../../src/shared/api-types';
import { databaseKinds } from './support/test-database';
import { wavBytes } from './support/media-bytes';
import {
  analysisTla,
  createUser,
  filesUnder,
  patchFile,
  rowCounts,
  upload,
  uploadSuite,
  type TestUser,
} from './support/upload-helpers';

describe.each(databaseKinds)('users/files/, PATCH and DELETE files/{id}/ on %s', (kind) => {
  const suite = uploadSuite(kind);
  let bruno: TestUser;

  beforeAll(async () => {
    bruno = await createUser(suite.testDb.database.db, 'bruno');
  });

  async function uploadOne(user: TestUser, title: string, isPublic = false, media?: Buffer) {
    const response = await upload(
      suite.app,
      user,
      [
        {
          name: `${title}.tla`,
          bytes: analysisTla({ title, mediaPath: media ? `${title}.wav` : '' }),
        },
        ...(media ? [{ name: `${title}.wav`, bytes: media }] : []),
      ],
      { is_public: String(isPublic) },
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<UploadResponseJson>().files[0]!.id;
  }

  const get = (url: string, user: TestUser | null) =>
    suite.app.inject({ url, headers: user ? user.auth : {} });
  const patch = (id: number, user: TestUser | null, body: unknown) =>
    patchFile(suite.app, user, id, body as object);
  const remove = (id: number, user: TestUser | null) =>
    suite.app.inject({
      method: 'DELETE',
      url: `/api/v1/files/${id}/`,
      headers: user ? user.auth : {},
    });

  describe('the list', () => {
    let older: number;
    let newer: number;
    beforeEach(async () => {
      older = await uploadOne(suite.ana, 'Older', true);
      newer = await uploadOne(suite.ana, 'Newer', false);
      await uploadOne(bruno, 'Not hers', true);
    });

    it("lists the caller's files, public and private, newest first, with their works", async () => {
      const response = await get('/api/v1/users/files/', suite.ana);
      expect(response.statusCode).toBe(200);
      const body = response.json<UserFilesJson>();
      const ids = body.files.map((file) => file.id);
      expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
      expect(ids.indexOf(newer)).toBeGreaterThanOrEqual(0);
      expect(body.files.every((file) => file.author_id === suite.ana.id)).toBe(true);
      const newest = body.files[0]!;
      expect(newest).toMatchObject({ id: newer, is_public: false, original_name: 'Newer.tla' });
      expect(Number.isNaN(Date.parse(newest.created_at))).toBe(false);
      const concrete = body.concrete_works.find((cw) => cw.id === newest.concrete_work_id)!;
      expect(concrete.artist).toBe('Test Performer');
      const abstract = body.abstract_works.find((aw) => aw.id === concrete.abstract_work_id)!;
      expect(abstract).toMatchObject({ title: 'Newer', composer: 'Test Composer' });
      expect(body.abstract_works.some((aw) => aw.title === 'Not hers')).toBe(false);
    });

    it('needs a signed-in user', async () => {
      const response = await get('/api/v1/users/files/', null);
      expect(response.statusCode).toBe(401);
    });
  });

  it('lets the owner switch the public flag, and a visitor then sees the file or not', async () => {
    const id = await uploadOne(suite.ana, 'Flag');
    expect((await get(`/api/v1/files/${id}/json`, null)).statusCode).toBe(404);

    const on = await patch(id, suite.ana, { is_public: true });
    expect(on.statusCode).toBe(200);
    expect(on.json<UserFileJson>()).toMatchObject({ id, is_public: true, author_id: suite.ana.id });
    expect((await get(`/api/v1/files/${id}/json`, null)).statusCode).toBe(200);

    const off = await patch(id, suite.ana, { is_public: false });
    expect(off.json<UserFileJson>().is_public).toBe(false);
    expect((await get(`/api/v1/files/${id}/json`, null)).statusCode).toBe(404);
    expect((await get(`/api/v1/files/${id}/tla`, bruno)).statusCode).toBe(404);
  });

  it('checks the PATCH body', async () => {
    const id = await uploadOne(suite.ana, 'Body');
    const wrong = await patch(id, suite.ana, { is_public: 'yes please' });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json())).toEqual(['is_public']);
    const missing = await patch(id, suite.ana, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ is_public: ['This field is required.'] });
  });

  it('hides a private file from everyone else on every route', async () => {
    const id = await uploadOne(suite.ana, 'Secret');
    const before = await rowCounts(suite.testDb.database.db);
    for (const user of [bruno, null]) {
      expect((await get(`/api/v1/files/${id}/json`, user)).json()).toEqual({
        detail: 'Not found.',
      });
      expect((await get(`/api/v1/files/${id}/tla`, user)).statusCode).toBe(404);
    }
    expect((await patch(id, bruno, { is_public: true })).statusCode).toBe(404);
    expect((await patch(id, bruno, { is_public: true })).json()).toEqual({ detail: 'Not found.' });
    expect((await remove(id, bruno)).statusCode).toBe(404);
    expect((await patch(id, null, { is_public: true })).statusCode).toBe(401);
    expect((await remove(id, null)).statusCode).toBe(401);
    const brunos = (await get('/api/v1/users/files/', bruno)).json<UserFilesJson>();
    expect(brunos.files.some((file) => file.id === id)).toBe(false);
    const query = encodeURIComponent(JSON.stringify({ title: 'Secret' }));
    const search = await get(`/api/v1/files/query/?query=${query}`, bruno);
    expect(search.statusCode).toBe(200);
    expect(JSON.stringify(search.json())).not.toContain('Secret');

    expect(await rowCounts(suite.testDb.database.db)).toEqual(before);
    const own = (await get(`/api/v1/files/${id}/json`, suite.ana)).json<ViewerFileJson>();
    expect(own.abstract_work.title).toBe('Secret');
  });

  it("refuses to change or delete someone else's public file with 403", async () => {
    const id = await uploadOne(suite.ana, 'Shared', true);
    const change = await patch(id, bruno, { is_public: false });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toHaveProperty('detail');
    expect((await remove(id, bruno)).statusCode).toBe(403);
    expect((await get(`/api/v1/files/${id}/json`, null)).statusCode).toBe(200);
  });

  it('deletes a file with its works and rows, and drops it from the viewer cache', async () => {
    const before = await rowCounts(suite.testDb.database.db);
    const id = await uploadOne(suite.ana, 'Doomed', true);
    // Fill the viewer cache first: the delete must not leave a cached copy behind.
    expect((await get(`/api/v1/files/${id}/json`, null)).statusCode).toBe(200);

    const response = await remove(id, suite.ana);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await get(`/api/v1/files/${id}/json`, null)).statusCode).toBe(404);
    expect((await get(`/api/v1/files/${id}/json`, suite.ana)).statusCode).toBe(404);
    expect((await remove(id, suite.ana)).statusCode).toBe(404);
    expect(await rowCounts(suite.testDb.database.db)).toEqual(before);
  });

  it('removes media when the last file using it goes, not before', async () => {
    const wav = wavBytes(0.4, 880);
    const first = await uploadOne(suite.ana, 'First', false, wav);
    const second = await uploadOne(bruno, 'Second', true, wav);
    const url = (await get(`/api/v1/files/${first}/json`, suite.ana)).json<ViewerFileJson>()
      .concrete_work.url;
    const onDisk = path.join(suite.config.mediaDir, ...url.split('/'));
    expect(existsSync(onDisk)).toBe(true);

    expect((await remove(first, suite.ana)).statusCode).toBe(204);
    expect(existsSync(onDisk)).toBe(true);
    expect((await suite.app.inject({ url: suite.config.mediaBaseUrl + url })).statusCode).toBe(200);

    expect((await remove(second, bruno)).statusCode).toBe(204);
    expect(existsSync(onDisk)).toBe(false);
    expect((await suite.app.inject({ url: suite.config.mediaBaseUrl + url })).statusCode).toBe(404);
    expect(filesUnder(suite.config.mediaDir).filter((file) => file.endsWith('.wav'))).toEqual([]);
    const counts = await rowCounts(suite.testDb.database.db);
    expect(counts.media_objects).toBe(0);
    expect(counts.media_references).toBe(0);
  });

  it('keeps media on disk when an upload re-adds it while its last file is being deleted', async () => {
    const wav = wavBytes(0.2, 990);
    for (let round = 0; round < 4; round += 1) {
      const doomed = await uploadOne(suite.ana, `Doomed ${round}`, false, wav);
      const [deleted, added] = await Promise.all([
        remove(doomed, suite.ana),
        upload(suite.app, bruno, [
          { name: `Kept ${round}.tla`, bytes: analysisTla({ title: 'Kept', mediaPath: 'k.wav' }) },
          { name: 'k.wav', bytes: wav },
        ]),
      ]);
      expect(deleted.statusCode).toBe(204);
      expect(added.statusCode, added.body).toBe(201);
      const kept = added.json<UploadResponseJson>().files[0]!.id;
      const url = (await get(`/api/v1/files/${kept}/json`, bruno)).json<ViewerFileJson>()
        .concrete_work.url;
      expect(
        existsSync(path.join(suite.config.mediaDir, ...url.split('/'))),
        `round ${round}`,
      ).toBe(true);
      expect((await remove(kept, bruno)).statusCode).toBe(204);
    }
  });

  it('answers unknown ids with 404', async () => {
    for (const id of ['999999', 'abc', '0']) {
      const response = await suite.app.inject({
        method: 'DELETE',
        url: `/api/v1/files/${id}/`,
        headers: suite.ana.auth,
      });
      expect(response.statusCode, id).toBe(404);
    }
  });
});
