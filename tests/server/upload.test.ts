import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { UploadResponseJson, UserFilesJson, ViewerFileJson } from '../../src/shared/api-types';
import { readTla } from '../../src/shared/tla/tla-reader';
import { databaseKinds } from './support/test-database';
import { testConfig } from './support/test-app';
import { pdfBytes, wavBytes } from './support/media-bytes';
import type { FilePart } from './support/multipart-body';
import {
  analysisTla,
  filesUnder,
  rowCounts,
  upload,
  uploadSuite,
  type TestUser,
} from './support/upload-helpers';

const FIXTURES = 'tests/fixtures/tla';
const fixtureNames = readdirSync(FIXTURES).filter((name) => name.endsWith('.tla'));
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

/** Components the viewer JSON carries for a timeline of the file (score/unknown kinds: none). */
function expectedComponentCount(timeline: ReturnType<typeof readTla>['timelines'][number]) {
  return timeline.kind === 'SCORE_TIMELINE' || timeline.kind === 'UNKNOWN'
    ? 0
    : timeline.components.length;
}

describe.each(databaseKinds)('POST upload/ on %s', (kind) => {
  const suite = uploadSuite(kind);

  const viewerJson = async (id: number, user: TestUser | null = suite.ana) =>
    suite.app.inject({ url: `/api/v1/files/${id}/json`, headers: user ? user.auth : {} });
  /** Uploads `files` as Ana, expects them stored, and gives the first file with its viewer JSON. */
  const uploadAndView = async (files: FilePart[]) => {
    const response = await upload(suite.app, suite.ana, files);
    expect(response.statusCode, response.body).toBe(201);
    const stored = response.json<UploadResponseJson>().files[0]!;
    const viewed = await viewerJson(stored.id);
    // The owner's browser keeps the media cookie the viewer JSON sets (files/media-access.ts).
    const cookie = String(viewed.headers['set-cookie'] ?? '').split(';')[0]!;
    return { stored, json: viewed.json<ViewerFileJson>(), cookie };
  };

  it.each(fixtureNames)('stores %s with the timelines and components of the file', async (name) => {
    const response = await upload(suite.app, suite.ana, [{ name, bytes: fixture(name) }]);
    expect(response.statusCode, response.body).toBe(201);
    const { files } = response.json<UploadResponseJson>();
    expect(files).toHaveLength(1);

    const document = readTla(fixture(name), name);
    const json = (await viewerJson(files[0]!.id)).json<ViewerFileJson>();
    expect(files[0]!.title).toBe(json.abstract_work.title);
    expect(json.timelines.map((t) => t.kind)).toEqual(document.timelines.map((t) => t.kind));
    expect(json.timelines.map((t) => t.name)).toEqual(document.timelines.map((t) => t.name));
    expect(json.timelines.map((t) => t.components.length)).toEqual(
      document.timelines.map(expectedComponentCount),
    );

    const download = await suite.app.inject({
      url: `/api/v1/files/${files[0]!.id}/tla`,
      headers: suite.ana.auth,
    });
    expect(Buffer.compare(download.rawPayload, fixture(name))).toBe(0);
  });

  it('stores every fixture in one batch, private by default, in upload order', async () => {
    const response = await upload(
      suite.app,
      suite.ana,
      fixtureNames.map((name) => ({ name, bytes: fixture(name) })),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { files } = response.json<UploadResponseJson>();
    expect(files).toHaveLength(fixtureNames.length);
    for (const file of files) {
      expect((await viewerJson(file.id, null)).statusCode).toBe(404);
    }
    const listed = (
      await suite.app.inject({ url: '/api/v1/users/files/', headers: suite.ana.auth })
    ).json<UserFilesJson>();
    const batch = listed.files.filter((file) => files.some((f) => f.id === file.id));
    expect(batch.every((file) => !file.is_public)).toBe(true);
    expect(batch.map((file) => file.original_name).reverse()).toEqual(fixtureNames);
  });

  it("reads a desktop JSON export as well, and takes is_public 'true'", async () => {
    const exported = JSON.stringify({
      timelines: [
        {
          kind: 'HIERARCHY_TIMELINE',
          name: 'Form',
          height: 120,
          is_visible: true,
          ordinal: 1,
          components: [
            {
              start: 0,
              pre_start: 0,
              end: 4,
              post_end: 4,
              level: 1,
              label: 'A',
              kind: 'HIERARCHY',
            },
            {
              start: 4,
              pre_start: 4,
              end: 8,
              post_end: 8,
              level: 1,
              label: 'B',
              kind: 'HIERARCHY',
            },
          ],
        },
      ],
      media_metadata: { title: 'Exported analysis', composer: 'Schubert' },
      media_path: '',
    });
    const response = await upload(
      suite.app,
      suite.ana,
      [{ name: 'export.json', bytes: exported }],
      {
        is_public: 'true',
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<UploadResponseJson>().files[0]!.id;
    const json = (await viewerJson(id, null)).json<ViewerFileJson>();
    expect(json.abstract_work).toMatchObject({ title: 'Exported analysis', composer: 'Schubert' });
    expect(json.timelines[0]!.components).toHaveLength(2);
    // It downloads as what it is: the same JSON, under its title, with a JSON media type.
    const download = await suite.app.inject({ url: `/api/v1/files/${id}/tla` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/^application\/json/);
    expect(download.headers['content-disposition']).toContain('filename="Exported analysis.json"');
    expect(download.body).toBe(exported);
  });

  it('stores nothing when one file of the batch is broken, and says what is wrong', async () => {
    const before = await rowCounts(suite.testDb.database.db);
    const response = await upload(suite.app, suite.ana, [
      { name: 'hierarchy-v0.1.1.tla', bytes: fixture('hierarchy-v0.1.1.tla') },
      { name: 'analysis.tla', bytes: '{\n  "a": 1,\n    x\n}' },
      { name: 'Sonata.wav', bytes: wavBytes(0.5) },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      file: ["'analysis.tla': not valid JSON (line 3, column 5)"],
    });
    expect(await rowCounts(suite.testDb.database.db)).toEqual(before);
    expect(filesUnder(suite.config.mediaDir)).toEqual([]);
  });

  it('lists every bad file with its own reason', async () => {
    const before = await rowCounts(suite.testDb.database.db);
    const response = await upload(suite.app, suite.ana, [
      { name: 'empty.tla', bytes: '' },
      { name: 'renamed.tla', bytes: pdfBytes('not an analysis') },
      { name: 'no-timelines.tla', bytes: '[1, 2]' },
      { name: 'good.tla', bytes: analysisTla({ title: 'Good' }) },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ file: string[] }>().file).toEqual([
      "'empty.tla': the file is empty",
      "'renamed.tla': not a .tla file: its content is a PDF document",
      "'no-timelines.tla': the top level must be a JSON object",
    ]);
    expect(await rowCounts(suite.testDb.database.db)).toEqual(before);
  });

  it('refuses media and PDFs that no .tla of the batch uses, or of the wrong kind', async () => {
    const before = await rowCounts(suite.testDb.database.db);
    const response = await upload(suite.app, suite.ana, [
      {
        name: 'piece.tla',
        bytes: analysisTla({ title: 'Piece', mediaPath: '/music/piece.mp3', pdfPaths: ['s.pdf'] }),
      },
      { name: 'piece.mp3', bytes: pdfBytes('a score, not a recording') },
      { name: 's.pdf', bytes: wavBytes(0.2) },
      { name: 'other.wav', bytes: wavBytes(0.2, 330) },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ file: string[] }>().file).toEqual([
      "'piece.mp3': 'piece.tla' uses it as its media, but it is a PDF document",
      "'s.pdf': 'piece.tla' uses it as a score PDF, but it is a WAV audio file",
      "'other.wav': no .tla file in this upload uses it: its name must be the file name of a " +
        ".tla's media or of a PDF timeline's PDF",
    ]);
    expect(await rowCounts(suite.testDb.database.db)).toEqual(before);
    expect(filesUnder(suite.config.mediaDir)).toEqual([]);
  });

  it('answers 415 for a file type it does not take, and stores nothing', async () => {
    const before = await rowCounts(suite.testDb.database.db);
    const response = await upload(suite.app, suite.ana, [
      { name: 'good.tla', bytes: analysisTla({ title: 'Good' }) },
      { name: 'notes.txt', bytes: 'just some notes' },
    ]);
    expect(response.statusCode).toBe(415);
    const body = response.json<{ detail: string; file: string[] }>();
    expect(body.detail).toBe('Unsupported file type.');
    expect(body.file).toHaveLength(1);
    expect(body.file[0]).toMatch(/^'notes\.txt': unsupported file type\./);
    expect(await rowCounts(suite.testDb.database.db)).toEqual(before);
    expect(filesUnder(suite.config.mediaDir)).toEqual([]);
  });

  it('answers 415 to a request that is not multipart', async () => {
    const response = await suite.app.inject({
      method: 'POST',
      url: '/api/v1/upload/',
      payload: { file: 'x' },
      headers: suite.ana.auth,
    });
    expect(response.statusCode).toBe(415);
  });

  it('asks for a file, a valid is_public and a signed-in user', async () => {
    const none = await upload(suite.app, suite.ana, [], { is_public: 'false' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ file: ['No file was submitted.'] });

    const flag = await upload(
      suite.app,
      suite.ana,
      [{ name: 'a.tla', bytes: analysisTla({ title: 'A' }) }],
      {
        is_public: 'maybe',
      },
    );
    expect(flag.statusCode).toBe(400);
    expect(flag.json()).toEqual({ is_public: ['Must be a valid boolean.'] });

    const visitor = await upload(suite.app, null, [
      { name: 'a.tla', bytes: analysisTla({ title: 'A' }) },
    ]);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ code: 'not_authenticated' });
    expect(filesUnder(suite.config.mediaDir)).toEqual([]);
  });

  it('serves media matched by name from /media/, with range requests, and the PDF as pdf_url', async () => {
    const wav = wavBytes(1, 523);
    const pdf = pdfBytes('Sonata score');
    const { stored, json, cookie } = await uploadAndView([
      {
        name: 'sonata.tla',
        bytes: analysisTla({
          title: 'Sonata',
          mediaPath: 'C:\\Users\\ana\\Music\\Sonata.WAV',
          pdfPaths: ['/home/ana/scores/Sonata score.pdf', 'https://example.org/missing.pdf'],
        }),
      },
      { name: 'sonata.wav', bytes: wav },
      { name: 'Sonata score.pdf', bytes: pdf },
    ]);
    expect(stored.not_included).toEqual(['missing.pdf']);
    expect(json.concrete_work.storage).toBe('staticfiles');
    expect(json.concrete_work.media_name).toBe('Sonata.WAV');
    expect(json.concrete_work.type).toBe('audio');
    expect(json.concrete_work.url).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{64}\.wav$/);

    const mediaUrl = suite.config.mediaBaseUrl + json.concrete_work.url;
    // The file is private: its media are its owner's, served with private caching only.
    expect((await suite.app.inject({ url: mediaUrl })).statusCode).toBe(404);
    const whole = await suite.app.inject({ url: mediaUrl, headers: { cookie } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['cache-control']).toBe('private, max-age=3600');
    expect(whole.headers['content-type']).toMatch(/^audio\/(x-)?wav/);
    expect(Buffer.compare(whole.rawPayload, wav)).toBe(0);

    const part = await suite.app.inject({
      url: mediaUrl,
      headers: { range: 'bytes=100-1099', cookie },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${wav.length}`);
    expect(Buffer.compare(part.rawPayload, wav.subarray(100, 1100))).toBe(0);

    const [withPdf, withoutPdf] = json.timelines.filter((t) => t.kind === 'PDF_TIMELINE');
    expect(withPdf!.pdf_url).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.pdf$/);
    expect(withoutPdf!.pdf_url).toBe('');
    expect([withPdf!.pdf_name, withoutPdf!.pdf_name]).toEqual(['Sonata score.pdf', 'missing.pdf']);
    const served = await suite.app.inject({ url: withPdf!.pdf_url!, headers: { cookie } });
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, pdf)).toBe(0);
    expect(filesUnder(path.join(suite.config.mediaDir, '.tmp'))).toEqual([]);
  });

  it('stores a .tla without the media and PDF it names, and says which were not included', async () => {
    const { stored, json } = await uploadAndView([
      {
        name: 'piece.tla',
        bytes: analysisTla({
          title: 'Piece alone',
          mediaPath: '/music/piece.mp3',
          pdfPaths: ['C:\\scores\\s.pdf', 's.pdf'],
        }),
      },
    ]);
    expect(stored).toMatchObject({ title: 'Piece alone', not_included: ['piece.mp3', 's.pdf'] });
    expect(json.concrete_work).toMatchObject({
      storage: 'abstract',
      url: '',
      media_name: 'piece.mp3',
    });
    const pdfs = json.timelines.filter((t) => t.kind === 'PDF_TIMELINE');
    expect(pdfs.map((t) => [t.pdf_url, t.pdf_name])).toEqual([
      ['', 's.pdf'],
      ['', 's.pdf'],
    ]);
  });

  it('stores the same media once, whatever it is called and however often it is uploaded', async () => {
    const wav = wavBytes(0.3, 700);
    const first = await upload(suite.app, suite.ana, [
      { name: 'one.tla', bytes: analysisTla({ title: 'One', mediaPath: 'take.wav' }) },
      { name: 'two.tla', bytes: analysisTla({ title: 'Two', mediaPath: 'D:/other/copy.wav' }) },
      { name: 'take.wav', bytes: wav },
      { name: 'copy.wav', bytes: wav },
    ]);
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload(suite.app, suite.ana, [
      { name: 'three.tla', bytes: analysisTla({ title: 'Three', mediaPath: 'take.wav' }) },
      { name: 'take.wav', bytes: wav },
    ]);
    expect(again.statusCode, again.body).toBe(201);
    const ids = [
      ...first.json<UploadResponseJson>().files,
      ...again.json<UploadResponseJson>().files,
    ];
    const urls = new Set<string>();
    for (const { id } of ids)
      urls.add((await viewerJson(id)).json<ViewerFileJson>().concrete_work.url);
    expect(urls.size).toBe(1);
    const stored = filesUnder(suite.config.mediaDir).filter((file) => file.endsWith('.wav'));
    expect(stored.filter((file) => file.endsWith(`${[...urls][0]!.split('/')[1]}`))).toHaveLength(
      1,
    );
  });

  it('keeps a YouTube media_path as the work url and needs no media file for it', async () => {
    const { stored, json } = await uploadAndView([
      { name: 'youtube-marker-v0.6.4.tla', bytes: fixture('youtube-marker-v0.6.4.tla') },
    ]);
    expect(stored.not_included).toEqual([]);
    expect(json.concrete_work.storage).toBe('youtube');
    expect(json.concrete_work.media_name).toBe('');
    expect(json.concrete_work.url).toContain('youtu');
  });
});

describe.each(databaseKinds)('upload limits on %s', (kind) => {
  const suite = uploadSuite(kind, { config: () => testConfig({ MAX_UPLOAD_MB: '1' }) });

  it('answers 413 when the files together pass MAX_UPLOAD_MB, and keeps nothing', async () => {
    const before = await rowCounts(suite.testDb.database.db);
    // Two files under the limit each, over it together: the limit is per request.
    const response = await upload(suite.app, suite.ana, [
      { name: 'a.tla', bytes: analysisTla({ title: 'A', mediaPath: 'a.wav' }) },
      { name: 'a.wav', bytes: wavBytes(40) },
      { name: 'b.wav', bytes: wavBytes(40, 220) },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'The upload is too large: at most 1 MB.' });
    expect(await rowCounts(suite.testDb.database.db)).toEqual(before);
    expect(filesUnder(suite.config.mediaDir)).toEqual([]);
  });

  it('answers 413 from the Content-Length alone, before reading the body', async () => {
    const response = await upload(suite.app, suite.ana, [
      { name: 'a.tla', bytes: analysisTla({ title: 'A', mediaPath: 'a.wav' }) },
      { name: 'a.wav', bytes: wavBytes(150) },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.headers.connection).toBe('close');
    expect(filesUnder(suite.config.mediaDir)).toEqual([]);
  });

  it('takes a batch just under the limit', async () => {
    const response = await upload(suite.app, suite.ana, [
      { name: 'a.tla', bytes: analysisTla({ title: 'A', mediaPath: 'a.wav' }) },
      { name: 'a.wav', bytes: wavBytes(60) },
    ]);
    expect(response.statusCode, response.body).toBe(201);
  });
});
