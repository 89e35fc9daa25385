import { describe, expect, it } from 'vitest';
import releases from '../content/releases.json';
import { compareVersions, formatReleaseMonth, releasesNewestFirst } from './release-notes';

describe('formatReleaseMonth', () => {
  it.each([
    ['2025-06', 'June 2025'],
    ['2023-05', 'May 2023'],
    ['2024-12', 'December 2024'],
  ])('writes %s as the month name and the year: %s', (date, month) => {
    expect(formatReleaseMonth(date)).toBe(month);
  });

  it.each(['2025-13', 'June 2025'])('rejects %s, a date it cannot read', (date) => {
    expect(() => formatReleaseMonth(date)).toThrow();
  });
});

describe('compareVersions', () => {
  it('compares numeric parts as numbers', () => {
    expect(compareVersions('0.5.10', '0.5.9')).toBeGreaterThan(0);
    expect(compareVersions('0.3', '0.3.1')).toBeLessThan(0);
    expect(compareVersions('0.4-beta', '0.4.1')).toBeLessThan(0);
    expect(compareVersions('0.4-beta', '0.3.4')).toBeGreaterThan(0);
    expect(compareVersions('0.4-beta', '0.4')).toBeLessThan(0);
    expect(compareVersions('0.5.12', '0.5.12')).toBe(0);
  });
});

describe('releasesNewestFirst', () => {
  it('puts 0.5.12 first and 0.1.1 last', () => {
    const ordered = releasesNewestFirst(releases);
    expect(ordered[0]?.version).toBe('0.5.12');
    expect(ordered[0] && formatReleaseMonth(ordered[0].date)).toBe('June 2025');
    expect(ordered.at(-1)?.version).toBe('0.1.1');
  });

  it('never puts a later month after an earlier one', () => {
    const dates = releasesNewestFirst(releases).map((release) => release.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('orders shuffled input', () => {
    const shuffled = [
      { version: '0.3', date: '2024-02', changes: [] },
      { version: '0.5.10', date: '2025-03', changes: [] },
      { version: '0.4-beta', date: '2024-06', changes: [] },
      { version: '0.5.9', date: '2025-02', changes: [] },
    ];
    expect(releasesNewestFirst(shuffled).map((r) => r.version)).toEqual([
      '0.5.10',
      '0.5.9',
      '0.4-beta',
      '0.3',
    ]);
  });
});
