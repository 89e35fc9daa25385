import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { WorkPool } from './work-pool';
import { buildStoredForms, type StoredFormsInput } from '../files/ingest/stored-forms';

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../tests/fixtures/tla/${name}`, import.meta.url)));

function input(bytes: Uint8Array, fileName: string): StoredFormsInput {
  return {
    bytes,
    fileName,
    authorId: 1,
    isPublic: true,
    ids: {
      abstractWork: 1,
      concreteWork: 2,
      file: 3,
      timelines: Array.from({ length: 50 }, (_, i) => 100 + i),
      components: Float64Array.from({ length: 5_000 }, (_, i) => 1_000 + i),
    },
    mediaUrl: null,
    pdfUrls: {},
    titleSort: 'title',
  };
}

describe('the work pool builds a file in stages', () => {
  const pool = new WorkPool(1);
  afterAll(() => pool.close());

  it('sends the rows, then the views, the same as built in process', async () => {
    const bytes = fixture('harmony-v0.6.4.tla');
    const expected = await buildStoredForms(input(new Uint8Array(bytes), 'h.tla'));
    const stages = pool.tasks.storedForms(input(new Uint8Array(bytes), 'h.tla'));
    const rows = await stages.rows;
    const views = await stages.views;
    expect(rows.componentCount).toBe(expected.componentCount);
    expect(Buffer.from(rows.components).equals(Buffer.from(expected.components))).toBe(true);
    expect(rows.timelines).toEqual(expected.timelines);
    expect(views.jsonBytes).toBe(expected.jsonBytes);
    expect(views.tql.unitCount).toBe(expected.tql.unitCount);
  });

  it('delivers every file its rows, however the two answers are ordered', async () => {
    // The rows come by a port of their own and the views by the pool: a port closed when the
    // views arrived lost the rows whenever the views came first.
    const names = ['hierarchy-v0.1.1.tla', 'range-v0.7.0.tla', 'youtube-marker-v0.6.4.tla'];
    const all = Array.from({ length: 24 }, (_, i) => {
      const name = names[i % names.length]!;
      return pool.tasks.storedForms(input(new Uint8Array(fixture(name)), name));
    });
    // This thread busy while the pool answers: both answers wait, and either may be read first.
    const until = performance.now() + 1_500;
    while (performance.now() < until);
    const rows = await Promise.all(all.map((stages) => stages.rows));
    await Promise.all(all.map((stages) => stages.views));
    const counts = await Promise.all(
      names.map(async (name) => {
        const forms = await buildStoredForms(input(new Uint8Array(fixture(name)), name));
        return forms.componentCount;
      }),
    );
    expect(rows.map((row) => row.componentCount)).toEqual(all.map((_, i) => counts[i % 3]));
  });

  it('fails the rows and the views of a file it cannot read', async () => {
    const stages = pool.tasks.storedForms(
      input(new TextEncoder().encode('{"not": "tla"'), 'x.tla'),
    );
    await expect(stages.rows).rejects.toThrow(/x\.tla/);
    await expect(stages.views).rejects.toThrow(/x\.tla/);
  });
});
