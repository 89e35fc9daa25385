import { beforeAll } from 'vitest';
import { readdirSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { App } from '../../../server/app';
import type { Db } from '../../../server/db/database';
import { appSuite, type AppSuite, type AppSuiteOptions } from './suites';
import { accessTokenFor } from './test-app';
import type { DatabaseKind } from './test-database';
import { multipartBody, type FilePart } from './multipart-body';
import { addUser } from './users';

export interface TestUser {
  id: number;
  token: string;
  auth: { authorization: string };
}

export async function createUser(db: Db, username: string): Promise<TestUser> {
  const id = await addUser(db, username);
  const token = await accessTokenFor(id, username);
  return { id, token, auth: { authorization: `Bearer ${token}` } };
}

/** What an upload suite's tests work with, filled in before they run. */
export interface UploadSuite extends AppSuite {
  /** A user who uploads. */
  ana: TestUser;
  /** The app's port on 127.0.0.1, with `listen` (for requests app.inject cannot make). */
  port: number;
}

interface UploadSuiteOptions extends Omit<AppSuiteOptions, 'seed'> {
  listen?: boolean;
}

/**
 * The setup the upload suites share: appSuite's, with the user 'ana' added before the tests and,
 * with `listen`, the app listening.
 */
export function uploadSuite(kind: DatabaseKind, options: UploadSuiteOptions = {}): UploadSuite {
  const suite = appSuite(kind, options) as UploadSuite;
  beforeAll(async () => {
    suite.ana = await createUser(suite.testDb.database.db, 'ana');
    if (options.listen) {
      await suite.app.listen({ port: 0, host: '127.0.0.1' });
      suite.port = (suite.app.server.address() as AddressInfo).port;
    }
  });
  return suite;
}

export function upload(
  app: App,
  user: TestUser | null,
  files: FilePart[],
  fields: Record<string, string> = {},
) {
  const { body, headers } = multipartBody(files, fields);
  return app.inject({
    method: 'POST',
    url: '/api/v1/upload/',
    payload: body,
    headers: { ...headers, ...(user ? user.auth : {}) },
  });
}

/** PATCH files/{id}/ (is_public, title...) as `user`, or signed out. */
export function patchFile(app: App, user: TestUser | null, id: number, body: object) {
  return app.inject({
    method: 'PATCH',
    url: `/api/v1/files/${id}/`,
    payload: body,
    headers: user ? user.auth : {},
  });
}

/** Row counts of every table an upload writes to. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = [
    'abstract_works',
    'concrete_works',
    'files',
    'timelines',
    'components',
    'media_objects',
    'media_references',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      n: number;
    }[];
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

/** Every regular file under a folder, relative to it, temporary files included. */
export function filesUnder(dir: string): string[] {
  let found: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  for (const entry of entries) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      found = found.concat(filesUnder(full).map((inner) => path.join(entry, inner)));
    } else {
      found.push(entry);
    }
  }
  return found.sort();
}

export interface AnalysisOptions {
  title: string;
  mediaPath?: string;
  pdfPaths?: string[];
  markers?: number;
}

/** A desktop-format .tla (as 0.5.x writes it) with a marker timeline and optional PDF timelines. */
export function analysisTla(options: AnalysisOptions): string {
  const timelines: Record<string, unknown> = {};
  const markers: Record<string, unknown> = {};
  for (let i = 0; i < (options.markers ?? 3); i += 1) {
    markers[String(100 + i)] = {
      time: i * 0.5,
      comments: '',
      label: `M${i + 1}`,
      color: null,
      kind: 'MARKER',
    };
  }
  timelines['0'] = {
    kind: 'MARKER_TIMELINE',
    name: 'Marks',
    height: 30,
    is_visible: true,
    ordinal: 1,
    components: markers,
  };
  (options.pdfPaths ?? []).forEach((pdfPath, index) => {
    timelines[String(index + 1)] = {
      kind: 'PDF_TIMELINE',
      height: 30,
      is_visible: true,
      name: `Score ${index + 1}`,
      ordinal: index + 2,
      path: pdfPath,
      components: { [String(50 + index)]: { time: 0, page_number: 1, kind: 'PDF_MARKER' } },
    };
  });
  return JSON.stringify(
    {
      file_path: '',
      media_path: options.mediaPath ?? '',
      media_metadata: {
        title: options.title,
        notes: '',
        'media length': 2,
        composer: 'Test Composer',
        performer: 'Test Performer',
      },
      timelines,
      app_name: 'TiLiA',
      version: '0.5.14',
    },
    null,
    2,
  );
}
