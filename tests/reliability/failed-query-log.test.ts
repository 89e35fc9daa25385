import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../server/support/test-database';
import { analysisTla, upload, uploadSuite } from '../server/support/upload-helpers';
import { capturingOptions, logLines } from './support/log-capture';

const TITLE = 'Nocturne for a private person';
const COMMENT = 'PRIVATE-COMMENT: what the analyst thinks of the second theme. ';

/** A .tla of about 8 MB: thousands of markers with long comments. */
function bigTla(): string {
  const document = JSON.parse(analysisTla({ title: TITLE, markers: 11_000 })) as {
    timelines: Record<string, { components: Record<string, Record<string, unknown>> }>;
  };
  for (const marker of Object.values(document.timelines['0']!.components)) {
    marker.comments = COMMENT.repeat(11);
  }
  return JSON.stringify(document);
}

describe.each(databaseKinds)('a failed query in the log on %s', (kind) => {
  const suite = uploadSuite(kind, capturingOptions());
  const bytes = bigTla();

  it.each(['files', 'components'])(
    'is logged once, small, without the values of an upload that fails inserting into %s',
    async (table) => {
      expect(bytes.length).toBeGreaterThan(8_000_000);
      const run = (script: string) => suite.testDb.database.withConnection((r) => r(script));
      await run(`CREATE FUNCTION refuse_insert() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'no room for more rows'; END $$;
        CREATE TRIGGER refuse_insert BEFORE INSERT ON ${table}
          FOR EACH STATEMENT EXECUTE FUNCTION refuse_insert();`);
      const before = logLines().length;
      try {
        const response = await upload(suite.app, suite.ana, [{ name: 'big.tla', bytes }]);
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({ detail: 'A server error occurred.' });
      } finally {
        await run('DROP TRIGGER refuse_insert ON ' + table + '; DROP FUNCTION refuse_insert();');
      }
      const lines = logLines().slice(before);
      const text = lines.join('');
      expect(text.length).toBeLessThan(16_000);
      expect(text).not.toContain('PRIVATE-COMMENT');
      expect(text).not.toContain(TITLE);
      expect(text).not.toContain('Test Composer');
      const errors = lines.filter((line) => /"level":50/.test(line));
      expect(errors).toHaveLength(1);
      const logged = JSON.parse(errors[0]!) as { err: Record<string, unknown> };
      // Files go in by INSERT, components by COPY: either names its statement, not its values.
      expect(logged.err).toMatchObject({
        type: 'FailedQueryError',
        message: expect.stringMatching(
          /^database query failed \((\d+ parameters: |COPY of \d+ bytes\))/,
        ),
        database: { message: 'no room for more rows', code: 'P0001' },
      });
      expect(logged.err.query).toMatch(new RegExp(`(insert into|copy) "?${table}"?`, 'i'));
    },
  );
});
