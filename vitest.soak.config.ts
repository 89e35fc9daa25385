import { defineConfig } from 'vitest/config';

/** `npm run test:soak`: the soak of tests/reliability/soak.test.ts (SOAK_SECONDS, default 600). */
export default defineConfig({
  test: {
    include: ['tests/reliability/soak.test.ts'],
    environment: 'node',
    testTimeout: 60 * 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
