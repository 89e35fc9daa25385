import { defineConfig } from 'vitest/config';

/**
 * `npm run test:reliability`: hostile input, access control, tokens, query abuse, headers, faults
 * and load (tests/reliability/). Slower than the unit suite, so CI runs it after `npm test`. The
 * soak runs on its own (`npm run test:soak`).
 */
export default defineConfig({
  test: {
    include: ['tests/reliability/**/*.test.ts'],
    exclude: ['tests/reliability/**/soak.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // The load and fault tests measure the server; running them next to each other would only
    // measure the machine.
    fileParallelism: false,
  },
});
