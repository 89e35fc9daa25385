/**
 * Who may export what, and what odd requests get: a private file is the same 404 as an unknown
 * id for everyone but its owner; an odd id, format or timeline gets a 4xx that says what is
 * wrong, never a 500; a file without timelines to export says so.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ingestTla } from '../../server/files/ingest/ingest.service';
import { EXPORT_FORMATS } from '../../src/shared/exports/export-formats';
import { createUser, type TestUser } from './support/upload-helpers';
import { appSuite } from './support/suites';
import { databaseKinds } from './support/test-database';
import { unzipTexts } from './exports.test-support';

const fixture = (name: string) => readFileSync(`tests/fixtures/tla/${name}`);

/** A desktop file whose hierarchy and marker timelines hold nothing. */
const emptyTimelines = JSON.stringify({
  file_path: '',
  media_path: '',
  media_metadata: { title: 'Nothing yet', 'media length': 30 },
  app_name: 'TiLiA',
  version: '0.5.14',
  timelines: {
    '1': {
      kind: 'HIERARCHY_TIMELINE',
      name: 'Form',
      ordinal: 1,
      height: 120,
      is_visible: true,
      components: {},
    },
    '2': {
      kind: 'MARKER_TIMELINE',
      name: 'Form',
      ordinal: 2,
      height: 30,
      is_visible: true,
      components: {},
    },
  },
});

describe.each(databaseKinds)('export access and bad requests on %s', (kind) => {
  const suite = appSuite(kind, { seed: true });
  let owner: TestUser;
  let other: TestUser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const db = suite.testDb.database.db;
    owner = await createUser(db, 'owner');
    other = await createUser(db, 'other');
    const store = async (name: string, bytes: Uint8Array, isPublic: boolean) =>
      (
        await ingestTla(suite.testDb.database, {
          bytes,
          fileName: `${name}.tla`,
          authorId: owner.id,
          isPublic,
        })
      ).id;
    ids.private = await store('private', fixture('harmony-v0.6.4.tla'), false);
    ids.empty = await store('empty', new TextEncoder().encode(emptyTimelines), true);
    ids.sliderOnly = await store('slider', fixture('custom-metadata-v0.0.1.tla'), true);
  });

  const get = (url: string, user: TestUser | null = null) =>
    suite.app.inject({ url: `/api/v1/${url}`, headers: user ? user.auth : {} });

  it("answers a private file's exports to its owner only; to others as for an unknown id", async () => {
    const unknown = await get('files/987654/export/jams');
    expect(unknown.statusCode).toBe(404);
    for (const format of EXPORT_FORMATS) {
      const url = `files/${ids.private}/export/${format}`;
      for (const user of [null, other]) {
        const reply = await get(url, user);
        expect(reply.statusCode).toBe(404);
        expect(reply.body).toBe(unknown.body);
      }
      expect((await get(url, owner)).statusCode).toBe(200);
    }
    const [timeline] = (await get(`files/${ids.private}/json`, owner)).json<{
      timelines: { id: number }[];
    }>().timelines;
    const one = `files/${ids.private}/export/audacity?timeline=${timeline!.id}`;
    expect((await get(one, other)).statusCode).toBe(404);
    expect((await get(one, owner)).statusCode).toBe(200);
  });

  it('refuses odd file ids and formats with a 4xx that says so', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999', '%00']) {
      const reply = await get(`files/${id}/export/jams`);
      expect(reply.statusCode, id).toBe(404);
      expect(reply.json()).toEqual({ detail: 'Not found.' });
    }
    for (const format of ['pdf', 'JAMS', 'tla', 'jams.json', 'sv%20']) {
      const reply = await get(`files/150/export/${format}`);
      expect(reply.statusCode, format).toBe(400);
      expect(reply.json<{ format: string[] }>().format[0]).toContain('jams, audacity, sv, webanno');
    }
  });

  it('refuses odd timeline ids, timelines of other files and kinds no format carries', async () => {
    for (const timeline of ['abc', '0', '-3', '1e3', '']) {
      const reply = await get(`files/150/export/jams?timeline=${timeline}`);
      expect(reply.statusCode, timeline).toBe(400);
      expect(reply.json<{ timeline: string[] }>().timeline[0]).toMatch(/positive whole number/);
    }
    const own = (await get('files/150/json')).json<{ timelines: { id: number; kind: string }[] }>();
    const elsewhere = (await get('files/151/json')).json<{ timelines: { id: number }[] }>();
    for (const timeline of [987654321, elsewhere.timelines[0]!.id]) {
      const reply = await get(`files/150/export/sv?timeline=${timeline}`);
      expect(reply.statusCode).toBe(404);
      expect(reply.json<{ detail: string }>().detail).toBe(
        `This file has no timeline ${timeline}.`,
      );
    }
    const audiowave = own.timelines.find((t) => t.kind === 'AUDIOWAVE_TIMELINE')!;
    const score = own.timelines.find((t) => t.kind === 'SCORE_TIMELINE')!;
    for (const [timeline, word] of [
      [audiowave, 'Audiowave'],
      [score, 'Score'],
    ] as const) {
      const reply = await get(`files/150/export/jams?timeline=${timeline.id}`);
      expect(reply.statusCode).toBe(400);
      expect(reply.json<{ timeline: string[] }>().timeline[0]).toBe(
        `JAMS cannot carry a ${word} timeline: only hierarchy, marker, range, beat, harmony and PDF timelines are exported.`,
      );
    }
  });

  it('says when a file has no timeline to export, and exports empty timelines as empty', async () => {
    for (const format of EXPORT_FORMATS) {
      const reply = await get(`files/${ids.sliderOnly}/export/${format}`);
      expect(reply.statusCode).toBe(400);
      expect(reply.json<{ non_field_errors: string[] }>().non_field_errors[0]).toMatch(
        /no timeline to export/,
      );
    }
    const zip = unzipTexts((await get(`files/${ids.empty}/export/audacity`)).rawPayload);
    expect(zip).toEqual({ 'Form.txt': '', 'Form (2).txt': '' });
    const jams = (await get(`files/${ids.empty}/export/jams`)).json<{
      annotations: { data: unknown[] }[];
    }>();
    expect(jams.annotations.map((a) => a.data)).toEqual([[], []]);
    const anno = (await get(`files/${ids.empty}/export/webanno`)).json<{ total: number }>();
    expect(anno.total).toBe(0);
  });

  it('names downloads after the work, and lists the route in the OpenAPI document', async () => {
    const reply = await get(`files/${ids.empty}/export/jams`);
    expect(reply.headers['content-disposition']).toBe(
      `attachment; filename="Nothing yet.jams"; filename*=UTF-8''Nothing%20yet.jams`,
    );
    const openapi = (await get('openapi.json')).json<{
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
    }>();
    const route = openapi.paths['/api/v1/files/{id}/export/{format}'];
    expect(route?.get?.parameters?.map((p) => p.name).sort()).toEqual(['format', 'id', 'timeline']);
  });
});
