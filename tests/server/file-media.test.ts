import { describe, expect, it } from 'vitest';
import type {
  UploadResponseJson,
  UploadedFileJson,
  ViewerFileJson,
} from '../../src/shared/api-types';
import { databaseKinds } from './support/test-database';
import { pdfBytes, wavBytes } from './support/media-bytes';
import { multipartBody, type FilePart } from './support/multipart-body';
import {
  analysisTla,
  createUser,
  filesUnder,
  rowCounts,
  upload,
  uploadSuite,
  type TestUser,
} from './support/upload-helpers';

/**
 * Media given after the upload: a .tla that names no recording takes the one recording uploaded
 * with it, and PUT files/{id}/media/ adds or replaces a stored file's recording and PDFs with the
 * checks of an upload, whole or not at all.
 */
describe.each(databaseKinds)('media given later on %s', (kind) => {
  const suite = uploadSuite(kind);

  const viewerJson = async (id: number, user: TestUser | null = suite.ana) =>
    (
      await suite.app.inject({ url: `/api/v1/files/${id}/json`, headers: user ? user.auth : {} })
    ).json<ViewerFileJson>();

  const putMedia = (id: number, user: TestUser | null, files: FilePart[]) => {
    const { body, headers } = multipartBody(files);
    return suite.app.inject({
      method: 'PUT',
      url: `/api/v1/files/${id}/media/`,
      payload: body,
      headers: { ...headers, ...(user ? user.auth : {}) },
    });
  };

  const uploadOne = async (files: FilePart[]) => {
    const response = await upload(suite.app, suite.ana, files);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<UploadResponseJson>().files[0]!;
  };

  const mediaFiles = () => filesUnder(suite.config.mediaDir).filter((f) => !f.includes('tmp'));

  it('makes the one recording of an upload the media of a .tla that names none', async () => {
    const stored = await uploadOne([
      { name: 'no-media.tla', bytes: analysisTla({ title: 'No media named' }) },
      { name: 'my take.wav', bytes: wavBytes(0.3, 523) },
    ]);
    expect(stored.not_included).toEqual([]);
    const work = (await viewerJson(stored.id)).concrete_work;
    expect(work).toMatchObject({ storage: 'staticfiles', type: 'audio' });
    expect(work.url).toMatch(/\.wav$/);
    expect(mediaFiles().some((file) => work.url.endsWith(file.split('/').pop()!))).toBe(true);
  });

  it('refuses two recordings for a .tla that names none, and stores nothing', async () => {
    const before = await rowCounts(suite.testDb.database.db);
    const response = await upload(suite.app, suite.ana, [
      { name: 'no-media.tla', bytes: analysisTla({ title: 'Which one?' }) },
      { name: 'a.wav', bytes: wavBytes(0.2, 300) },
      { name: 'b.wav', bytes: wavBytes(0.2, 400) },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ file: string[] }>().file).toHaveLength(2);
    expect(await rowCounts(suite.testDb.database.db)).toEqual(before);
  });

  it('adds the recording and the PDF a stored file names, then replaces the recording', async () => {
    const stored = await uploadOne([
      {
        name: 'later.tla',
        bytes: analysisTla({ title: 'Later', mediaPath: 'C:/music/take.wav', pdfPaths: ['s.pdf'] }),
      },
    ]);
    expect(stored.not_included).toEqual(['take.wav', 's.pdf']);
    expect((await viewerJson(stored.id)).concrete_work.storage).toBe('abstract');

    const wrongName = await putMedia(stored.id, suite.ana, [
      { name: 'other.wav', bytes: wavBytes(0.2) },
    ]);
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json<{ file: string[] }>().file).toEqual([
      "'other.wav': 'Later' names its recording 'take.wav'",
    ]);

    const recording = await putMedia(stored.id, suite.ana, [
      { name: 'TAKE.wav', bytes: wavBytes(0.4, 660) },
    ]);
    expect(recording.statusCode, recording.body).toBe(200);
    expect(recording.json<UploadedFileJson>()).toEqual({
      id: stored.id,
      title: 'Later',
      not_included: ['s.pdf'],
    });
    const withRecording = await viewerJson(stored.id);
    expect(withRecording.concrete_work).toMatchObject({ storage: 'staticfiles', type: 'audio' });
    const firstUrl = withRecording.concrete_work.url;

    const pdf = await putMedia(stored.id, suite.ana, [{ name: 's.pdf', bytes: pdfBytes('score') }]);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json<UploadedFileJson>().not_included).toEqual([]);
    const withPdf = await viewerJson(stored.id);
    const pdfTimeline = withPdf.timelines.find((t) => t.kind === 'PDF_TIMELINE')!;
    expect(pdfTimeline.pdf_url).toMatch(/\.pdf$/);
    expect(withPdf.concrete_work.url).toBe(firstUrl);

    // Replaced: the old recording, which no other file uses, leaves the disk.
    const replaced = await putMedia(stored.id, suite.ana, [
      { name: 'take.wav', bytes: wavBytes(0.5, 880) },
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const newUrl = (await viewerJson(stored.id)).concrete_work.url;
    expect(newUrl).not.toBe(firstUrl);
    const names = mediaFiles().map((file) => file.split('/').pop()!);
    expect(names).toContain(newUrl.split('/').pop());
    expect(names).not.toContain(firstUrl.split('/').pop());
  });

  it('refuses what the file does not name, a .tla, or nothing, and changes nothing', async () => {
    const stored = await uploadOne([
      { name: 'plain.tla', bytes: analysisTla({ title: 'Plain', mediaPath: 'take.wav' }) },
    ]);
    const before = await rowCounts(suite.testDb.database.db);
    const jsonBefore = await viewerJson(stored.id);
    const refused = await putMedia(stored.id, suite.ana, [
      { name: 'take.wav', bytes: wavBytes(0.2, 200) },
      { name: 'score.pdf', bytes: pdfBytes('not used') },
      { name: 'again.tla', bytes: analysisTla({ title: 'Again' }) },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ file: string[] }>().file).toEqual([
      "'again.tla': send only its recording and score PDFs here; upload a .tla anew",
      "'score.pdf': 'Plain' does not use it: it has no PDF timeline",
    ]);
    const nothing = await putMedia(stored.id, suite.ana, []);
    expect(nothing.statusCode).toBe(400);
    expect(await rowCounts(suite.testDb.database.db)).toEqual(before);
    expect(await viewerJson(stored.id)).toEqual(jsonBefore);
  });

  it("is the owner's only: 401 signed out, 404 for another user's private file", async () => {
    const stored = await uploadOne([{ name: 'mine.tla', bytes: analysisTla({ title: 'Mine' }) }]);
    const wav = { name: 'x.wav', bytes: wavBytes(0.2) };
    expect((await putMedia(stored.id, null, [wav])).statusCode).toBe(401);
    const bruno = await createUser(suite.testDb.database.db, 'bruno');
    expect((await putMedia(stored.id, bruno, [wav])).statusCode).toBe(404);
    expect((await putMedia(999_999, suite.ana, [wav])).statusCode).toBe(404);
    expect((await viewerJson(stored.id)).concrete_work.storage).toBe('abstract');
  });
});
