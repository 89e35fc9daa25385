import { execFileSync } from 'node:child_process';
import { chmodSync } from 'node:fs';

/**
 * Makes a folder unwritable, as a read-only or broken disk would be. Root ignores permission
 * bits, so as root the folder is made immutable (chattr +i, ext2/3/4 and most Linux file
 * systems); otherwise its write bits go.
 */
export function lockFolder(folder: string): void {
  if (process.getuid?.() === 0) execFileSync('chattr', ['+i', folder]);
  else chmodSync(folder, 0o555);
}

export function unlockFolder(folder: string): void {
  if (process.getuid?.() === 0) execFileSync('chattr', ['-i', folder]);
  else chmodSync(folder, 0o755);
}
