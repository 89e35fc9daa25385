import { describe, expect, it } from 'vitest';
import type { TqlQueryResponse } from '../../src/shared/api-contract/tql';
import { QUERY_EXAMPLES } from '../../src/shared/tql/tql-examples';
import { databaseKinds } from './support/test-database';
import { appSuite } from './support/suites';

/** The query page's example queries find matches in the seeded Mozart examples. */
describe.each(databaseKinds)('the query page examples on %s', (kind) => {
  const suite = appSuite(kind, { seed: true });

  it.each(QUERY_EXAMPLES.map((example) => [example.query] as const))('%s', async (query) => {
    const started = Date.now();
    const response = await suite.app.inject({
      method: 'POST',
      url: '/api/v1/tql/query',
      payload: { query },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TqlQueryResponse>();
    expect(body.rows.length, query).toBeGreaterThan(0);
    expect(body.stopped).toBeNull();
    console.log(
      `${query}: ${body.rows.length} rows in ${Date.now() - started} ms; ${body.warnings.join('; ')}`,
    );
  });
});
