import { readFileSync } from 'node:fs';
import { serverFilePath } from '../server-files';

/**
 * Django's four default password validators, with Django's messages (SPEC.md section 5 shows the
 * server's messages as they come): UserAttributeSimilarityValidator, MinimumLengthValidator,
 * CommonPasswordValidator and NumericPasswordValidator. Like Django's validate_password, every
 * validator runs and all their messages are returned, in that order.
 */

const MIN_PASSWORD_LENGTH = 8;
const MAX_SIMILARITY = 0.7;

/** The user attributes a password must not resemble, with Django's verbose names. */
export interface PasswordOwner {
  username?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
}

const attributeNames: [keyof PasswordOwner, string][] = [
  ['username', 'username'],
  ['firstName', 'first name'],
  ['lastName', 'last name'],
  ['email', 'email address'],
];

const listFile = serverFilePath('accounts/common-passwords.txt');
let commonPasswords: Set<string> | null = null;

/** The shipped list (see common-passwords.LICENSE.md), read once on first use. */
export function commonPasswordList(): Set<string> {
  commonPasswords ??= new Set(
    readFileSync(listFile, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line !== ''),
  );
  return commonPasswords;
}

/** Python's len(): code points, not UTF-16 units. */
const characterCount = (text: string) => [...text].length;

/**
 * difflib.SequenceMatcher(a, b).quick_ratio(): an upper bound on the similarity of two strings,
 * from the characters they share regardless of order.
 */
export function quickRatio(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  if (left.length + right.length === 0) return 1;
  const available = new Map<string, number>();
  for (const character of right) available.set(character, (available.get(character) ?? 0) + 1);
  let matches = 0;
  for (const character of left) {
    const count = available.get(character) ?? 0;
    if (count > 0) matches += 1;
    available.set(character, count - 1);
  }
  return (2 * matches) / (left.length + right.length);
}

/** Django skips attribute parts so short against a long password that they cannot be similar. */
function exceedsMaximumLengthRatio(password: string, value: string): boolean {
  const passwordLength = characterCount(password);
  const valueLength = characterCount(value);
  return passwordLength >= 10 * valueLength && valueLength < (MAX_SIMILARITY / 2) * passwordLength;
}

function similarityMessage(password: string, owner: PasswordOwner): string | null {
  const lowered = password.toLowerCase();
  for (const [attribute, verboseName] of attributeNames) {
    const value = owner[attribute];
    if (!value) continue;
    const valueLower = value.toLowerCase();
    // Python's re.split(r'\W+') on text: runs of anything but letters, digits and '_'.
    const parts = [...valueLower.split(/[^\p{L}\p{N}_]+/u), valueLower];
    for (const part of parts) {
      if (exceedsMaximumLengthRatio(lowered, part)) continue;
      if (quickRatio(lowered, part) >= MAX_SIMILARITY) {
        return `The password is too similar to the ${verboseName}.`;
      }
    }
  }
  return null;
}

export function passwordProblems(password: string, owner: PasswordOwner = {}): string[] {
  const problems: string[] = [];
  const similar = similarityMessage(password, owner);
  if (similar) problems.push(similar);
  if (characterCount(password) < MIN_PASSWORD_LENGTH) {
    problems.push(
      `This password is too short. It must contain at least ${MIN_PASSWORD_LENGTH} characters.`,
    );
  }
  if (commonPasswordList().has(password.toLowerCase().trim())) {
    problems.push('This password is too common.');
  }
  if (/^\p{Nd}+$/u.test(password)) problems.push('This password is entirely numeric.');
  return problems;
}
