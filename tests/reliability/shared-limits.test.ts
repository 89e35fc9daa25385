import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../server/support/test-database';
import { TEST_SECRET } from '../server/support/test-app';
import { multipartBody } from '../server/support/multipart-body';
import { analysisTla, createUser } from '../server/support/upload-helpers';
import { childServerSetting, startChildServer, type ChildServer } from './support/child-server';

/**
 * Two instances of the server on one PostgreSQL database, as behind a load balancer: a client
 * that spreads its requests over both gets each limit once, not once per instance.
 */
describe.runIf(process.env.TEST_DATABASE_URL)(
  'limits shared by two instances on PostgreSQL',
  () => {
    let testDb: TestDatabase;
    const servers: ChildServer[] = [];
    const bases: string[] = [];

    beforeAll(async () => {
      testDb = await createTestDatabase('postgres');
      for (const name of ['a', 'b']) {
        const { port, env } = await childServerSetting(`tilia-shared-${name}-`, TEST_SECRET);
        Object.assign(env, {
          DATABASE_URL: testDb.url!,
          LOG_LEVEL: 'warn',
          THROTTLE_DELAY_MS: '0',
          RATE_LIMIT_LOGIN_IP: '4/60',
          RATE_LIMIT_REGISTRATION: '3/3600',
          MAX_UPLOADS_PER_HOUR: '3',
        });
        servers.push(
          await startChildServer(
            'tests/reliability/support/load-server.ts',
            env,
            'load-server listening',
          ),
        );
        bases.push(`http://127.0.0.1:${port}`);
      }
    }, 240_000);

    afterAll(async () => {
      for (const server of servers) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      await testDb?.drop();
    });

    /** The i-th request goes to instance i mod 2, as a round-robin balancer sends it. */
    const instance = (i: number) => bases[i % 2]!;

    it('refuses the fifth failed login from one address although each instance saw at most three', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const response = await fetch(`${instance(i)}/api/v1/token/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: `nobody${i}`, password: 'wrong-guess' }),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    });

    it('counts registrations from one address across both instances', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await fetch(`${instance(i)}/api/v1/dj-rest-auth/registration/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          // Refused by validation (the passwords differ), but every attempt counts.
          body: JSON.stringify({
            firstname: 'Ana',
            lastname: 'Shared',
            username: `shared${i}`,
            email: `shared${i}@example.org`,
            password1: 'velvet-harpsichord-93',
            password2: 'different-harpsichord-94',
          }),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
    });

    it('holds MAX_UPLOADS_PER_HOUR for a user whose uploads alternate between the instances', async () => {
      const user = await createUser(testDb.database.db, 'alternating');
      const { body, headers } = multipartBody([
        { name: 'hourly.tla', bytes: analysisTla({ title: 'Hourly' }) },
      ]);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const response = await fetch(`${instance(i)}/api/v1/upload/`, {
          method: 'POST',
          headers: { ...headers, ...user.auth },
          body: new Uint8Array(body),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
    });
  },
);
