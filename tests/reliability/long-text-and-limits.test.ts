import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../server/support/test-database';
import {
  analysisTla,
  createUser,
  patchFile,
  rowCounts,
  upload,
  uploadSuite,
} from '../server/support/upload-helpers';
import { capturingOptions } from './support/log-capture';

/**
 * Text of any length never gives a 500 (it used to overflow a btree index entry): what the upload
 * takes is stored, searchable and can be made public; what it does not take is a 400 that names
 * the field. And the limits on components, uploads an hour and page depth answer in words.
 */

const MAX_TEXT = 800;

/** `length` characters that do not compress: CJK (3 bytes of UTF-8 each) and 'Ⱥ', which grows
 * from 2 bytes to 3 when lowercased. */
function randomText(length: number, seed: number): string {
  let state = seed;
  let text = '';
  for (let i = 0; i < length; i += 1) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    text += state % 7 === 0 ? 'Ⱥ' : String.fromCodePoint(0x4e00 + (state % 20_000));
  }
  return text;
}

const ENGLISH =
  'The second theme returns in the tonic, as the sonata form expects, but the bass holds ';

/** A .tla with a marker and a hierarchy whose texts are given. */
function tlaWith(texts: {
  title?: string;
  composer?: string;
  label?: string;
  comments?: string;
  formalFunction?: string;
}): string {
  const document = JSON.parse(analysisTla({ title: texts.title ?? 'Plain title' })) as {
    media_metadata: Record<string, unknown>;
    timelines: Record<string, { components: Record<string, Record<string, unknown>> }>;
  };
  if (texts.composer !== undefined) document.media_metadata.composer = texts.composer;
  const marker = document.timelines['0']!.components['100']!;
  if (texts.label !== undefined) marker.label = texts.label;
  if (texts.comments !== undefined) marker.comments = texts.comments;
  document.timelines['9'] = {
    kind: 'HIERARCHY_TIMELINE',
    name: 'Form',
    height: 30,
    is_visible: true,
    ordinal: 9,
    components: {
      '900': {
        start: 0,
        pre_start: 0,
        end: 1,
        post_end: 1,
        level: 1,
        label: texts.label ?? 'A',
        comments: texts.comments ?? '',
        formal_function: texts.formalFunction ?? '',
        formal_type: '',
        color: null,
        kind: 'HIERARCHY',
      },
    },
  } as never;
  return JSON.stringify(document);
}

describe.each(databaseKinds)('long text and limits on %s', (kind) => {
  const suite = uploadSuite(
    kind,
    capturingOptions({ MAX_COMPONENTS: '50', MAX_UPLOADS_PER_HOUR: '1000' }),
  );

  const json = (query: Record<string, unknown>) =>
    new URLSearchParams(
      Object.entries(query).map(([name, value]) => [name, JSON.stringify(value)]),
    ).toString();

  it.each([
    ['title', { title: randomText(2_800, 1) }],
    ['title', { title: '交響曲の主題と変奏'.repeat(100) }],
    ['composer', { composer: randomText(801, 2) }],
    ['label', { label: randomText(2_800, 3) }],
    ['comments', { comments: ENGLISH.repeat(70).slice(0, 6_000) }],
    ['formal_function', { formalFunction: randomText(1_000, 4) }],
  ])(
    'refuses a %s too long to index with a 400 naming it, storing nothing',
    async (field, texts) => {
      const before = await rowCounts(suite.testDb.database.db);
      const response = await upload(suite.app, suite.ana, [
        { name: 'long.tla', bytes: tlaWith(texts) },
      ]);
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json<{ file: string[] }>();
      expect(body.file).toEqual([
        expect.stringMatching(
          new RegExp(
            `^'long.tla': the ${field} is \\d+ characters long; the most a ${field} can have is ${MAX_TEXT} characters\\.$`,
          ),
        ),
      ]);
      expect(await rowCounts(suite.testDb.database.db)).toEqual(before);
    },
  );

  it('stores the longest texts it takes, publicly and privately, finds them and publishes them', async () => {
    const title = randomText(MAX_TEXT, 5);
    const composer = randomText(MAX_TEXT, 6);
    const label = randomText(MAX_TEXT, 7);
    const comments = ENGLISH.repeat(10).slice(0, MAX_TEXT);
    const formalFunction = 'Ⱥ'.repeat(MAX_TEXT);
    const bytes = tlaWith({ title, composer, label, comments, formalFunction });
    const visible = await upload(suite.app, suite.ana, [{ name: 'long.tla', bytes }], {
      is_public: 'true',
    });
    expect(visible.statusCode, visible.body).toBe(201);
    const hidden = await upload(suite.app, suite.ana, [{ name: 'long.tla', bytes }]);
    expect(hidden.statusCode, hidden.body).toBe(201);
    const hiddenId = hidden.json<{ files: { id: number }[] }>().files[0]!.id;
    const made = await patchFile(suite.app, suite.ana, hiddenId, { is_public: true });
    expect(made.statusCode, made.body).toBe(200);

    const files = await suite.app.inject(
      `/api/v1/files/query/?${json({ query: { title: title.slice(300, 320) }, order_by: 'title' })}`,
    );
    expect(files.statusCode).toBe(200);
    expect(files.json<{ count: number }>().count).toBe(2);
    for (const [query, orderBy] of [
      [{ 'tl.kind': 'MARKER', cmp: { label: label.slice(700, 720) } }, 'label'],
      [{ 'tl.kind': 'MARKER', cmp: { comments: 'bass holds' } }, 'comments'],
      [{ 'tl.kind': 'HIERARCHY', cmp: { formal_function: 'ⱥⱥⱥ' } }, 'formal_function'],
      [{ 'tl.kind': 'HIERARCHY', file: { composer: composer.slice(0, 10) } }, 'composer'],
    ] as const) {
      for (const direction of ['asc', 'desc']) {
        const found = await suite.app.inject(
          `/api/v1/components/query/?${json({ query, order_by: orderBy, order_direction: direction })}`,
        );
        expect(found.statusCode, found.body).toBe(200);
        expect(found.json<{ count: number; components: unknown[] }>()).toMatchObject({ count: 2 });
        expect(found.json<{ components: unknown[] }>().components).toHaveLength(2);
      }
    }
  });

  it('answers a 400, not a 500, when a file stored before the limit is made public', async () => {
    const stored = await upload(suite.app, suite.ana, [
      { name: 'old.tla', bytes: tlaWith({ title: 'Stored before the limit' }) },
    ]);
    expect(stored.statusCode, stored.body).toBe(201);
    const id = stored.json<{ files: { id: number }[] }>().files[0]!.id;
    // As an older server stored it: a private file's components are in no search index.
    await suite.testDb.database.withConnection((run) =>
      run(`UPDATE components SET comments = '${randomText(2_800, 8)}' WHERE file_id = ${id}`),
    );
    const made = await patchFile(suite.app, suite.ana, id, { is_public: true });
    expect(made.statusCode, made.body).toBe(400);
    expect(made.json()).toEqual({
      is_public: [
        'This file cannot be made public: one of its texts (a title, label or comment) is ' +
          `longer than the ${MAX_TEXT} characters search can hold. Shorten it in TiLiA and ` +
          'upload the file again.',
      ],
    });
    const listed = await suite.app.inject({ url: '/api/v1/users/files/', headers: suite.ana.auth });
    const file = listed.json<{ files: { id: number; is_public: boolean }[] }>().files;
    expect(file.find((f) => f.id === id)?.is_public).toBe(false);
  });

  it('refuses a file with more than MAX_COMPONENTS components, saying how many it may have', async () => {
    const response = await upload(suite.app, suite.ana, [
      { name: 'big.tla', bytes: analysisTla({ title: 'Big', markers: 51 }) },
    ]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      file: [
        // Refused as it streams in, at the first component past the limit.
        "'big.tla': the file has more than 50 components; the most a file can have is 50. " +
          'Split the analysis into several files.',
      ],
    });
    const fits = await upload(suite.app, suite.ana, [
      { name: 'fits.tla', bytes: analysisTla({ title: 'Fits', markers: 50 }) },
    ]);
    expect(fits.statusCode, fits.body).toBe(201);
  });

  it('refuses a page past the deepest one served with a 400 that says how to narrow the search', async () => {
    for (const path of ['files/query', 'components/query']) {
      const query = path === 'files/query' ? {} : { 'tl.kind': 'BEAT' };
      const last = await suite.app.inject(`/api/v1/${path}/?${json({ query, page: 1000 })}`);
      expect(last.statusCode, last.body).toBe(200);
      const past = await suite.app.inject(`/api/v1/${path}/?${json({ query, page: 1001 })}`);
      expect(past.statusCode).toBe(400);
      expect(past.json()).toEqual({
        page: [
          'Page 1001 is past the last page served, 1000 (the first 15000 results). Narrow the ' +
            'search with more conditions, or reverse the sort order to see the results from the ' +
            'other end.',
        ],
      });
    }
  });
});

describe.each(databaseKinds)('uploads an hour on %s', (kind) => {
  const suite = uploadSuite(kind, capturingOptions({ MAX_UPLOADS_PER_HOUR: '3' }));

  it('answers the upload past MAX_UPLOADS_PER_HOUR with a 429 in words, per user', async () => {
    const bytes = analysisTla({ title: 'Hourly' });
    for (let i = 0; i < 3; i += 1) {
      const stored = await upload(suite.app, suite.ana, [{ name: 'h.tla', bytes }]);
      expect(stored.statusCode, stored.body).toBe(201);
    }
    const refused = await upload(suite.app, suite.ana, [{ name: 'h.tla', bytes }]);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_500);
    expect(refused.json()).toEqual({
      detail:
        'You have made 3 uploads in the last hour, the most allowed. Try again in 60 minutes.',
      code: 'throttled',
    });
    const bea = await createUser(suite.testDb.database.db, 'bea');
    const other = await upload(suite.app, bea, [{ name: 'h.tla', bytes }]);
    expect(other.statusCode, other.body).toBe(201);
  });
});
