import { afterAll, expect } from 'vitest';
import { buildApp, type App } from '../../../server/app';
import type { Config } from '../../../server/config';
import type { Database } from '../../../server/db/database';
import { testConfig } from '../../server/support/test-app';

/**
 * Every reliability test file builds its apps through here: the apps log at 'debug' into memory
 * instead of being silent, and when the file ends every captured line is scanned for the
 * passwords, tokens and reset links the file used (DESIGN.md section 8: nothing secret is logged).
 */
const captured: string[] = [];
const secrets = new Set<string>();

/** A value that must never appear in a log line (a password, a token, a reset token). */
export function remember(...values: string[]) {
  for (const value of values) if (value.length >= 6) secrets.add(value);
}

export const logLines = () => captured;

/** A log line from elsewhere (a server run as a child process), scanned with the rest. */
export function captureLine(line: string) {
  captured.push(line);
}

// A JWT (three base64url parts, header starting '{"') or a reset link of ours.
const JWT_PATTERN = /eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/;
const RESET_LINK_PATTERN = /reset-password\/[^/\s"]+\/[^/\s"]+/;

/** The log lines that give a secret away, with what they give away. */
function leakingLines(lines: string[] = captured): string[] {
  const leaks: string[] = [];
  for (const line of lines) {
    if (JWT_PATTERN.test(line)) leaks.push(`token: ${line}`);
    if (RESET_LINK_PATTERN.test(line)) leaks.push(`reset link: ${line}`);
    for (const secret of secrets) if (line.includes(secret)) leaks.push(`secret: ${line}`);
  }
  return leaks;
}

afterAll(() => {
  // Something must have been logged, or the scan proves nothing.
  expect(captured.length).toBeGreaterThan(0);
  expect(leakingLines()).toEqual([]);
});

export function capturingConfig(overrides: Record<string, string> = {}): Config {
  return testConfig({ LOG_LEVEL: 'debug', ...overrides });
}

export async function capturingApp(
  database: Database,
  config: Config = capturingConfig(),
): Promise<App> {
  const app = await buildApp({
    config,
    database,
    logStream: { write: (line: string) => void captured.push(line) },
    // The test's own work shares this event loop: it would look like load to be shed.
    shedLoad: false,
    peaksAtStart: false,
  });
  await app.ready();
  return app;
}

/**
 * The appSuite or uploadSuite options that build the suite's app through here, on
 * capturingConfig with `overrides`.
 */
export function capturingOptions(overrides: Record<string, string> = {}) {
  return { config: () => capturingConfig(overrides), app: capturingApp };
}
