import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'server/**/*.test.ts',
      'tests/server/**/*.test.ts',
      'workers/**/*.test.ts',
      'bench/**/*.test.ts',
      'tools/**/*.test.ts',
    ],
    environment: 'node',
    // Several server tests store or seed thousands of rows: 20-30 s on a loaded two-core machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Server tests share one PGlite or PostgreSQL database per file; files run in parallel forks.
    pool: 'forks',
  },
});
