import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { App } from '../../../server/app';

/** A valid registration payload; `name` makes the username and e-mail unique. */
export function registration(name: string, overrides: Record<string, string> = {}) {
  return {
    firstname: 'Clara',
    lastname: 'Wieck',
    username: name,
    email: `${name}@example.org`,
    password1: 'velvet-harpsichord-93',
    password2: 'velvet-harpsichord-93',
    ...overrides,
  };
}

export async function registerUser(app: App, name: string, overrides: Record<string, string> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/dj-rest-auth/registration/',
    payload: registration(name, overrides),
  });
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.body}`);
  return response.json<{ user_id: number; username: string }>();
}

export interface Pair {
  access: string;
  refresh: string;
}

/** POST token/ as a client at `remoteAddress` would; the response, whatever it is. */
export function loginAttempt(
  app: App,
  username: string,
  password: string,
  remoteAddress = '127.0.0.1',
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/token/',
    payload: { username, password },
    remoteAddress,
  });
}

/** POST token/refresh/ with a refresh token; the response, whatever it is. */
export function refreshAttempt(app: App, refresh: string) {
  return app.inject({ method: 'POST', url: '/api/v1/token/refresh/', payload: { refresh } });
}

export async function login(app: App, username: string, password = 'velvet-harpsichord-93') {
  const response = await loginAttempt(app, username, password);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json<Pair>();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The payload of a JWT, unverified (tests read what the server put in). */
export function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

/** Undoes quoted-printable soft line breaks and escapes of a text/plain message. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The messages in an outbox directory, decoded, oldest first. */
export async function outboxMessages(outboxDir: string): Promise<string[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const messages = await Promise.all(
    names.map((name) => readFile(path.join(outboxDir, name), 'utf8')),
  );
  return messages.map((message) =>
    /Content-Transfer-Encoding: quoted-printable/i.test(message)
      ? decodeQuotedPrintable(message)
      : message,
  );
}

/** The reset link in a message: PUBLIC_URL/reset-password/{uid}/{token}/. */
export function resetLinkIn(message: string): { link: string; uid: string; token: string } {
  const match = /(https?:\/\/\S+?)\/reset-password\/([^/\s]+)\/([^/\s]+)\//.exec(message);
  if (!match) throw new Error(`no reset link in:\n${message}`);
  return { link: match[0], uid: match[2]!, token: match[3]! };
}
