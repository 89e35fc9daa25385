import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

/** Everything the server reads from its environment, validated once at boot (DESIGN.md section 3). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Set: use this PostgreSQL server. Unset: the embedded PGlite database in dataDir. */
  databaseUrl: string | null;
  mediaDir: string;
  /** Where browsers load media from: '/media/' (served by us) or a CDN / object-storage URL. */
  mediaBaseUrl: string;
  secretKey: string;
  smtpUrl: string | null;
  mailFrom: string;
  /** Origin used in links sent by e-mail; never taken from a request's Host header. */
  publicUrl: string;
  maxUploadBytes: number;
  /** MAX_COMPONENTS: the most components one uploaded .tla may hold (400 above). */
  maxComponents: number;
  /** MAX_UPLOADS_PER_HOUR: upload requests per user per hour (429 above). */
  maxUploadsPerHour: number;
  /** Built client to serve; null when it is not built (the API still runs). */
  clientDir: string;
  logLevel: string;
  /** Fastify's trustProxy: false, true, a hop count, or a list of proxy addresses. */
  trustProxy: boolean | number | string[];
  /** Rate limits of the account routes (DESIGN.md section 8); tests lower them. */
  rateLimits: RateLimits;
  /**
   * How long a request refused by a rate limit is held before its 429 (THROTTLE_DELAY_MS): a
   * client flooding the login then waits instead of spending the server's time.
   */
  throttleDelayMs: number;
}

/** At most `max` events per `windowMs`, per key (an IP, a username or an e-mail address). */
export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  /** Failed logins per client IP. */
  loginPerIp: RateLimit;
  /** Failed logins per username (whether or not the account exists). */
  loginPerUsername: RateLimit;
  /** Password-reset requests per e-mail address. */
  passwordResetPerAddress: RateLimit;
  /** Registration attempts per client IP. */
  registrationPerIp: RateLimit;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function integerIn(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim()))
    throw new ConfigError(`${name} must be a whole number, got '${raw}'`);
  const value = Number(raw);
  if (value < min || value > max) {
    throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  }
  return value;
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got '${parsed.protocol}'`);
  }
  return raw;
}

/** A rate limit written 'COUNT/SECONDS', e.g. '10/60' for ten per minute. */
function rateLimit(env: Env, name: string, fallback: RateLimit): RateLimit {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const match = /^\s*(\d{1,9})\s*\/\s*(\d{1,9})\s*$/.exec(raw);
  if (!match) throw new ConfigError(`${name} must be COUNT/SECONDS, e.g. 10/60, got '${raw}'`);
  const max = Number(match[1]);
  const seconds = Number(match[2]);
  if (max < 1 || seconds < 1) {
    throw new ConfigError(
      `${name} needs a count and a number of seconds of at least 1, got '${raw}'`,
    );
  }
  return { max, windowMs: seconds * 1000 };
}

/** SECRET_KEY, or one generated on first start and kept in DATA_DIR (never a built-in default). */
function secretKey(env: Env, dataDir: string): string {
  const given = env.SECRET_KEY;
  if (given !== undefined && given !== '') {
    if (given.length < 32) throw new ConfigError('SECRET_KEY must be at least 32 characters long');
    return given;
  }
  const keyFile = path.join(dataDir, 'secret-key');
  if (existsSync(keyFile)) return readFileSync(keyFile, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(48).toString('base64url');
  writeFileSync(keyFile, generated + '\n', { mode: 0o600 });
  return generated;
}

/**
 * Behind a load balancer the client's address is in X-Forwarded-For; rate limits need it. Unset
 * or 'false': no proxy is trusted; 'true': every hop; a number: that many hops; otherwise a
 * comma-separated list of proxy addresses or CIDR ranges.
 */
function trustProxySetting(raw: string | undefined): Config['trustProxy'] {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const addresses = raw.split(',').map((part) => part.trim());
  if (addresses.some((address) => !/^[0-9a-fA-F.:/]+$/.test(address))) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false, a hop count or addresses, got '${raw}'`,
    );
  }
  return addresses;
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const port = integerIn(env, 'PORT', 8080, 0, 65535);
  const host = env.HOST || '127.0.0.1';
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const mediaBaseUrl = env.MEDIA_BASE_URL || '/media/';
  if (!mediaBaseUrl.startsWith('/') && url(env, 'MEDIA_BASE_URL', ['http:', 'https:']) === null) {
    throw new ConfigError('MEDIA_BASE_URL must be a path starting with / or an http(s) URL');
  }
  const publicUrl = url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;
  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  const mailFrom = env.MAIL_FROM || 'TiLiA <no-reply@localhost>';
  if (!/^[^\s@<>]+@[^\s@<>]+$|<[^\s@<>]+@[^\s@<>]+>$/.test(mailFrom)) {
    throw new ConfigError(`MAIL_FROM must be an e-mail address, got '${mailFrom}'`);
  }
  const trustProxy = trustProxySetting(env.TRUST_PROXY);
  const logLevel = env.LOG_LEVEL || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(
      `LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent`,
    );
  }
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    mediaDir: path.resolve(env.MEDIA_DIR || path.join(dataDir, 'media')),
    mediaBaseUrl: mediaBaseUrl.endsWith('/') ? mediaBaseUrl : mediaBaseUrl + '/',
    secretKey: secretKey(env, dataDir),
    smtpUrl,
    mailFrom,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    maxUploadBytes: integerIn(env, 'MAX_UPLOAD_MB', 100, 1, 100_000) * 1024 * 1024,
    // The largest real analysis has about 61,000 components.
    maxComponents: integerIn(env, 'MAX_COMPONENTS', 500_000, 1, 100_000_000),
    maxUploadsPerHour: integerIn(env, 'MAX_UPLOADS_PER_HOUR', 60, 1, 1_000_000),
    clientDir: path.resolve(env.CLIENT_DIR || 'dist'),
    logLevel,
    trustProxy,
    rateLimits: {
      loginPerIp: rateLimit(env, 'RATE_LIMIT_LOGIN_IP', { max: 10, windowMs: 60_000 }),
      loginPerUsername: rateLimit(env, 'RATE_LIMIT_LOGIN_USERNAME', { max: 5, windowMs: 300_000 }),
      passwordResetPerAddress: rateLimit(env, 'RATE_LIMIT_PASSWORD_RESET', {
        max: 5,
        windowMs: 3_600_000,
      }),
      registrationPerIp: rateLimit(env, 'RATE_LIMIT_REGISTRATION', {
        max: 20,
        windowMs: 3_600_000,
      }),
    },
    throttleDelayMs: integerIn(env, 'THROTTLE_DELAY_MS', 1000, 0, 60_000),
  };
}
