import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ViewerFileJson } from '../api-types';
import { timelineTables } from '../timeline-tables/timeline-tables';
import { ViewerFileSession } from '../viewer-file-session';
import { beyondJson } from '../viewer-json/tla-fixture.test-support';
import { scoreTimeline, viewerFixture } from '../viewer-layout/viewer-fixture.test-support';
import { layoutView, type ViewRequest } from '../viewer-layout/view-layout';
import {
  encodePreparedPayload,
  isPreparedPayload,
  openPreparedPayload,
  prepareViewerJson,
  PREPARED_PAYLOAD_VERSION,
} from './prepared-payload';

/** The fixture's timelines of every drawn kind, a Score timeline among them. */
function everyKind(): ViewerFileJson {
  return viewerFixture([
    scoreTimeline([
      { id: 91, kind: 'STAFF', index: 0, line_count: 5 },
      { id: 92, kind: 'CLEF', staff_index: 0, time: 0, line_number: -1, step: 4, octave: 4 },
      { id: 93, kind: 'KEY_SIGNATURE', staff_index: 0, time: 0, fifths: 2 },
      { id: 94, kind: 'NOTE', start: 1, end: 3, step: 3, octave: 5, accidental: 1, staff_index: 0 },
      { id: 95, kind: 'BAR_LINE', time: 4 },
    ]),
    {
      id: 60,
      name: 'Texture',
      kind: 'RANGE_TIMELINE',
      display_position: 9,
      is_visible: true,
      height: 80,
      rows: [
        { id: 'r', name: 'Right hand', color: null, height: null },
        { id: 'l', name: 'Left hand', color: '#e57373', height: 40 },
      ],
      default_row_height: null,
      components: [
        {
          id: 61,
          kind: 'RANGE',
          start: 0,
          end: 4,
          pre_start: 0,
          post_end: 4,
          row_id: 'r',
          label: 'melody',
          color: null,
          comments: '',
          joined_right: 62,
        },
        {
          id: 62,
          kind: 'RANGE',
          start: 4,
          end: 8,
          pre_start: 3.5,
          post_end: 8.5,
          row_id: 'r',
          label: 'melody',
          color: '#81c784',
          comments: '',
          joined_right: null,
        },
        {
          id: 63,
          kind: 'RANGE',
          start: 0,
          end: 12,
          pre_start: 0,
          post_end: 12,
          row_id: 'l',
          label: 'Alberti bass',
          color: null,
          comments: '',
          joined_right: null,
        },
      ],
    },
    {
      id: 70,
      name: 'Hidden marks',
      kind: 'MARKER_TIMELINE',
      display_position: 10,
      is_visible: false,
      height: 30,
      not_shown: { BEAT_UNIT: 2 },
      components: [],
    },
  ]);
}

const VIEWS: ViewRequest[] = [
  { zoom: 1, scrollLeft: 0, viewportWidth: 800, width: 800 },
  { zoom: 8, scrollLeft: 1200, viewportWidth: 800, width: 800, heights: [] },
  { zoom: 64, scrollLeft: 30_000, viewportWidth: 360, width: 360 },
];

function opened(json: ViewerFileJson) {
  const fromJson = prepareViewerJson(json);
  const fromPayload = openPreparedPayload(encodePreparedPayload(json));
  if (!fromJson.ok || !fromPayload.ok) throw new Error('the fixture did not open');
  return { fromJson, fromPayload };
}

afterEach(() => vi.restoreAllMocks());

describe('the prepared payload', () => {
  it.each([
    ['one timeline of each drawn kind', everyKind],
    ['a desktop file with tables of every kind', beyondJson],
  ])('opens %s as the viewer JSON does', (_name, fixture) => {
    const { fromJson, fromPayload } = opened(fixture());
    expect(fromPayload.file.header).toEqual(fromJson.file.header);
    for (const view of VIEWS) {
      expect(layoutView(fromPayload.file, view)).toEqual(layoutView(fromJson.file, view));
    }
    fromJson.file.timelines.forEach((timeline, index) => {
      expect(fromPayload.file.timelines[index]!.components).toEqual(timeline.components);
    });
    expect(fromPayload.json).toEqual(fromJson.json);
    expect(timelineTables(fromPayload.json)).toEqual(timelineTables(fromJson.json));
  });

  it('reads no component until something asks for one', () => {
    const payload = encodePreparedPayload(everyKind());
    const parse = vi.spyOn(JSON, 'parse');
    const fromPayload = openPreparedPayload(payload);
    if (!fromPayload.ok) throw new Error(fromPayload.message);
    layoutView(fromPayload.file, VIEWS[0]!);
    // The header only: drawing needs no component.
    expect(parse).toHaveBeenCalledTimes(1);
    const markers = fromPayload.file.timelines.find((t) => t.kind === 'MARKER')!;
    expect(markers.components[0]).toMatchObject({ label: expect.any(String) });
    expect(markers.components).toBe(markers.components);
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it('keeps why a file cannot be shown, with the message the viewer JSON gives', () => {
    const json = viewerFixture();
    json.timelines[0] = { ...json.timelines[0]!, height: null, level_height: undefined };
    const fromJson = prepareViewerJson(json);
    expect(fromJson.ok).toBe(false);
    expect(openPreparedPayload(encodePreparedPayload(json))).toEqual(fromJson);
  });

  it('is told from the viewer JSON by its first bytes', () => {
    expect(isPreparedPayload(encodePreparedPayload(everyKind()))).toBe(true);
    expect(isPreparedPayload(new TextEncoder().encode(JSON.stringify(everyKind())))).toBe(false);
    expect(isPreparedPayload(new Uint8Array(3))).toBe(false);
  });

  it('opens from bytes at any offset, as a Node buffer slice may hold them', () => {
    const payload = encodePreparedPayload(everyKind());
    const shifted = new Uint8Array(payload.byteLength + 3);
    shifted.set(payload, 3);
    const result = openPreparedPayload(shifted.subarray(3));
    expect(result.ok).toBe(true);
  });

  describe('a damaged payload is an unreadable file, never an exception', () => {
    const good = () => encodePreparedPayload(everyKind());
    const headerLength = (bytes: Uint8Array) => new DataView(bytes.buffer).getUint32(8, true);
    const withHeader = (edit: (header: string) => string) => {
      const bytes = good();
      const text = new TextDecoder().decode(bytes.subarray(12, 12 + headerLength(bytes)));
      const edited = new TextEncoder().encode(edit(text));
      const out = new Uint8Array(bytes.byteLength + edited.byteLength);
      out.set(bytes.subarray(0, 12));
      new DataView(out.buffer).setUint32(8, edited.byteLength, true);
      out.set(edited, 12);
      return out;
    };
    it.each([
      ['cut short', () => good().slice(0, 40)],
      [
        'of another version',
        () => {
          const bytes = good();
          new DataView(bytes.buffer).setUint32(4, PREPARED_PAYLOAD_VERSION + 1, true);
          return bytes;
        },
      ],
      ['with a header that is not JSON', () => withHeader((h) => h.slice(0, -2))],
      ['with an array past its end', () => withHeader((h) => h.replace(/"at":\d+/, '"at":9e9'))],
      ['with an unknown array type', () => withHeader((h) => h.replace('Float64Array', 'Object'))],
      [
        'with components in no blob',
        () => withHeader((h) => h.replace('"$components":0', '"$components":99')),
      ],
    ])('%s', (_name, damaged) => {
      expect(openPreparedPayload(damaged())).toEqual({
        ok: false,
        error: 'invalid-file',
        message: 'The file data could not be read.',
      });
    });
  });

  it('serves the session as the viewer JSON does', () => {
    const json = everyKind();
    const fromJson = new ViewerFileSession();
    const fromPayload = new ViewerFileSession();
    expect(fromPayload.open(encodePreparedPayload(json))).toEqual(
      fromJson.open(new TextEncoder().encode(JSON.stringify(json))),
    );
    expect(fromPayload.layout(VIEWS[1]!)).toEqual(fromJson.layout(VIEWS[1]!));
    expect(fromPayload.findComponent(94)).toEqual(fromJson.findComponent(94));
    expect(fromPayload.timelineTracks()).toEqual(fromJson.timelineTracks());
  });

  // The server keeps payloads until their version changes: a change to what prepareFile gives,
  // kept under the same version, would leave every stored file drawn by the old code's results.
  // When this fails: raise PREPARED_PAYLOAD_VERSION if the prepared form changed, then record
  // the new digest (only the digest, when it was the fixture that changed).
  it('changes its bytes only with its version', () => {
    const digest = createHash('sha256').update(encodePreparedPayload(everyKind())).digest('hex');
    expect({ version: PREPARED_PAYLOAD_VERSION, digest }).toEqual({
      version: 2,
      digest: '57804f1bf91e05bebb4829834d30cbfbf401bced4e7104c359404e12725ffdc6',
    });
  });
});
