import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../server/config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'tilia-config-'));

describe('configuration', () => {
  it('has the documented defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseUrl).toBeNull();
    expect(config.mediaDir).toBe(path.join(dir, 'media'));
    expect(config.mediaBaseUrl).toBe('/media/');
    expect(config.maxUploadBytes).toBe(100 * 1024 * 1024);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.throttleDelayMs).toBe(1000);
  });

  it('generates a secret key once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).secretKey;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).secretKey).toBe(first);
    expect(readFileSync(path.join(dir, 'secret-key'), 'utf8').trim()).toBe(first);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/x'],
    ['DATABASE_URL', 'not a url'],
    ['MAX_UPLOAD_MB', '0'],
    ['THROTTLE_DELAY_MS', 'soon'],
    ['THROTTLE_DELAY_MS', '600000'],
    ['MAX_UPLOAD_MB', '1.5'],
    ['SECRET_KEY', 'short'],
    ['PUBLIC_URL', 'ftp://example.org'],
    ['SMTP_URL', 'http://mail'],
    ['MEDIA_BASE_URL', 'cdn.example.org'],
    ['LOG_LEVEL', 'loud'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    const env = { DATA_DIR: dataDir(), [name]: value };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('accepts a CDN for media and a PostgreSQL server', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      MEDIA_BASE_URL: 'https://cdn.example.org/tilia',
      DATABASE_URL: 'postgres://tilia@db.internal:5432/tilia',
      PUBLIC_URL: 'https://tilia.example.org/',
    });
    expect(config.mediaBaseUrl).toBe('https://cdn.example.org/tilia/');
    expect(config.databaseUrl).toBe('postgres://tilia@db.internal:5432/tilia');
    expect(config.publicUrl).toBe('https://tilia.example.org');
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.1, 10.0.0.0/8', ['10.0.0.1', '10.0.0.0/8']],
  ])('reads %s as %o', (raw, expected) => {
    const env = raw === undefined ? {} : { TRUST_PROXY: raw };
    expect(loadConfig({ DATA_DIR: dataDir(), ...env }).trustProxy).toEqual(expected);
  });

  it('refuses anything else, naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'yes please' })).toThrow(
      'TRUST_PROXY',
    );
  });
});
