import { afterAll, beforeAll } from 'vitest';
import type { App } from '../../../server/app';
import type { Config } from '../../../server/config';
import type { Database } from '../../../server/db/database';
import { prepareDatabase } from '../../../server/db/prepare';
import { testApp, testConfig } from './test-app';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './test-database';

/** What a database suite's tests work with, filled in before they run. */
export interface DatabaseSuite {
  testDb: TestDatabase;
}

/**
 * A migrated database of `kind` before the suite's tests (with `seed`, holding the example
 * analyses as prepareDatabase seeds them), dropped after them.
 */
export function databaseSuite(kind: DatabaseKind, options: { seed?: boolean } = {}): DatabaseSuite {
  const suite = {} as DatabaseSuite;
  beforeAll(async () => {
    suite.testDb = await createTestDatabase(kind);
    if (options.seed) await prepareDatabase(suite.testDb.database);
  });
  afterAll(async () => {
    await suite.testDb?.drop();
  });
  return suite;
}

/** What a route suite's tests work with, filled in before they run. */
export interface AppSuite extends DatabaseSuite {
  config: Config;
  app: App;
}

export interface AppSuiteOptions {
  config?: () => Config;
  app?: (database: Database, config: Config) => Promise<App>;
  /**
   * Seed the example analyses (prepareDatabase) before the app starts; 'with media' also stores
   * their recordings and scores under the config's MEDIA_DIR.
   */
  seed?: boolean | 'with media';
}

/**
 * The setup most route suites share, as hooks of the describe that calls it: databaseSuite's
 * database and an app on it (testApp and testConfig unless told) before the tests, the app closed
 * after them. Hooks the suite adds itself run after these before the tests, and before them after.
 */
export function appSuite(kind: DatabaseKind, options: AppSuiteOptions = {}): AppSuite {
  const suite = databaseSuite(kind, { seed: options.seed === true }) as AppSuite;
  beforeAll(async () => {
    suite.config = (options.config ?? testConfig)();
    if (options.seed === 'with media') {
      const { mediaDir, mediaBaseUrl } = suite.config;
      await prepareDatabase(suite.testDb.database, undefined, { mediaDir, mediaBaseUrl });
    }
    suite.app = await (options.app ?? testApp)(suite.testDb.database, suite.config);
  });
  afterAll(async () => {
    // Whatever the setup got to before a failure; the database is dropped after this.
    await suite.app?.close();
  });
  return suite;
}
