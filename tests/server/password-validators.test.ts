import { describe, expect, it } from 'vitest';
import {
  commonPasswordList,
  passwordProblems,
  quickRatio,
} from '../../server/accounts/password-validators';

const owner = {
  username: 'clara',
  firstName: 'Clara',
  lastName: 'Wieck',
  email: 'clara.wieck@example.org',
};

describe("Django's password validators", () => {
  it('ships at least 10,000 common passwords', () => {
    const list = commonPasswordList();
    expect(list.size).toBeGreaterThanOrEqual(10_000);
    for (const common of ['password', '123456', 'qwerty', 'iloveyou', 'letmein']) {
      expect(list.has(common), common).toBe(true);
    }
  });

  it('computes difflib quick_ratio', () => {
    // Python: SequenceMatcher(a='abcd', b='bcde').quick_ratio() == 0.75
    expect(quickRatio('abcd', 'bcde')).toBe(0.75);
    expect(quickRatio('', '')).toBe(1);
    expect(quickRatio('aab', 'abb')).toBeCloseTo((2 * 2) / 6);
  });

  it.each([
    [
      'Cl4ra',
      [
        'The password is too similar to the username.',
        'This password is too short. It must contain at least 8 characters.',
      ],
    ],
    ['wieck.wieck', []],
    ['wieckwie', ['The password is too similar to the last name.']],
    ['clara.wieck@example', ['The password is too similar to the email address.']],
    ['clara.wieck1', []],
    ['Password', ['This password is too common.']],
    ['  QWERTY123 ', ['This password is too common.']],
    ['73948261055', ['This password is entirely numeric.']],
    [
      '1234',
      [
        'This password is too short. It must contain at least 8 characters.',
        'This password is too common.',
        'This password is entirely numeric.',
      ],
    ],
    ['velvet-harpsichord-93', []],
    ['😀😀😀😀😀😀😀😀', []],
    ['😀😀😀😀', ['This password is too short. It must contain at least 8 characters.']],
  ])('%j gives %j', (password, expected) => {
    expect(passwordProblems(password, owner)).toEqual(expected);
  });

  it('compares with the first name too, and skips short attribute parts of long passwords', () => {
    expect(passwordProblems('clarabelle', { firstName: 'Clarabel' })).toEqual([
      'The password is too similar to the first name.',
    ]);
    // 'al' is under a tenth of this password's length: Django does not compare it.
    expect(passwordProblems('a-long-passphrase-with-al', { lastName: 'Al' })).toEqual([]);
  });
});
