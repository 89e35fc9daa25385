import { gunzipSync } from 'node:zlib';
import { storeViewerPayload, stringifyInSlices } from '../../server/files/files.service';
import { beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { ingestTla } from '../../server/files/ingest/ingest.service';
import type { ViewerFileJson } from '../../src/shared/api-types';
import { readTla } from '../../src/shared/tla/tla-reader';
import { viewerJsonFromDocument } from '../../src/shared/viewer-json/viewer-json-from-document';
import { databaseKinds } from './support/test-database';
import { appSuite } from './support/suites';
import { addUser } from './support/users';

const FIXTURES = 'tests/fixtures/tla';
const fixtureNames = readdirSync(FIXTURES).filter((name) => name.endsWith('.tla'));

/** The JSON without its ids: the local viewer makes them up, the database numbers them. */
/** The JSON with its ids left out; a range's join names the joined range by its position. */
function withoutIds(json: ViewerFileJson) {
  return {
    concrete_work: { ...json.concrete_work, id: 0, abstract_work_id: 0 },
    abstract_work: { ...json.abstract_work, id: 0 },
    metadata: json.metadata,
    timelines: json.timelines.map((timeline) => {
      const position = new Map(timeline.components.map((c, index) => [c.id, index]));
      return {
        ...timeline,
        id: 0,
        components: timeline.components.map((component) =>
          'joined_right' in component && component.joined_right !== null
            ? { ...component, id: 0, joined_right: position.get(component.joined_right) ?? -1 }
            : { ...component, id: 0 },
        ),
      };
    }),
  };
}

// The local viewer (/viewer/local) builds the viewer JSON in the browser; an uploaded file gets
// it from the server. Both must agree, or the same file would draw differently.
describe.each(databaseKinds)('viewerJsonFromDocument agrees with the server on %s', (kind) => {
  const suite = appSuite(kind, { seed: true });
  const ids = new Map<string, number>();

  beforeAll(async () => {
    const ownerId = await addUser(suite.testDb.database.db, 'parity');
    for (const name of fixtureNames) {
      const stored = await ingestTla(suite.testDb.database, {
        bytes: readFileSync(`${FIXTURES}/${name}`),
        fileName: name,
        authorId: ownerId,
        isPublic: true,
      });
      ids.set(name, stored.id);
    }
  });

  it('has fixtures of every drawn kind to compare', () => {
    const kinds = new Set(
      fixtureNames.flatMap((name) =>
        readTla(readFileSync(`${FIXTURES}/${name}`), name).timelines.map((t) => t.kind),
      ),
    );
    for (const drawn of ['HIERARCHY_TIMELINE', 'MARKER_TIMELINE', 'BEAT_TIMELINE']) {
      expect(kinds).toContain(drawn);
    }
    expect(kinds).toContain('HARMONY_TIMELINE');
  });

  it.each(fixtureNames)('%s: same timelines, components, labels and work', async (name) => {
    const response = await suite.app.inject({
      method: 'GET',
      url: `/api/v1/files/${ids.get(name)}/json`,
    });
    expect(response.statusCode).toBe(200);
    const served = response.json<ViewerFileJson>();
    const local = viewerJsonFromDocument(readTla(readFileSync(`${FIXTURES}/${name}`), name));
    expect(withoutIds(local)).toEqual(withoutIds(served));
  });

  it('agrees on the seeded K. 284 I (/viewer/135), harmony keys included', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/api/v1/files/135/json' });
    expect(response.statusCode).toBe(200);
    const served = response.json<ViewerFileJson>();
    const tla = await suite.app.inject({ method: 'GET', url: '/api/v1/files/135/tla' });
    expect(tla.statusCode).toBe(200);
    const local = viewerJsonFromDocument(readTla(tla.rawPayload, 'k284.tla'));
    // The server serves the example's recording and score PDF; the local viewer takes them from
    // the user's disk (none here). Everything else agrees.
    expect(served.concrete_work.storage).toBe('staticfiles');
    const aligned: ViewerFileJson = {
      ...served,
      concrete_work: {
        ...served.concrete_work,
        storage: local.concrete_work.storage,
        url: local.concrete_work.url,
      },
      timelines: served.timelines.map((t) => (t.pdf_url ? { ...t, pdf_url: '' } : t)),
    };
    expect(withoutIds(local)).toEqual(withoutIds(aligned));
  });

  it.each([...fixtureNames, 'the seeded K. 284 I'])(
    '%s: the payload stored at upload is the JSON the rows give, ids included',
    async (name) => {
      const id = ids.get(name) ?? 135;
      const response = await suite.app.inject({ method: 'GET', url: `/api/v1/files/${id}/json` });
      expect(response.statusCode).toBe(200);
      const fromRows = await storeViewerPayload(suite.testDb.database.db, id);
      expect(JSON.parse(gunzipSync(fromRows).toString('utf8'))).toEqual(response.json());
    },
  );
});

describe('stringifyInSlices', () => {
  it('gives the JSON JSON.stringify gives, across slices and for empty timelines', async () => {
    const json: ViewerFileJson = {
      ...viewerJsonFromDocument(readTla(readFileSync(`${FIXTURES}/${fixtureNames[0]}`), 'a.tla')),
    };
    const beats = Array.from({ length: 12_345 }, (_, i) => ({ id: i + 1, time: i / 4 }));
    json.timelines = [
      { ...json.timelines[0]!, components: beats, beat_pattern: '[4]' },
      { ...json.timelines[0]!, id: 99, components: [] },
      ...json.timelines,
    ];
    expect(JSON.parse(await stringifyInSlices(json))).toEqual(json);
    const empty = { ...json, timelines: [] };
    expect(JSON.parse(await stringifyInSlices(empty))).toEqual(empty);
  });
});
