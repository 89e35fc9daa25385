/** Characters that no file system accepts in a name. */
const UNSAFE_IN_FILE_NAMES = /[\\/:*?"<>|]/g;

/** A file name made safe for any file system: the characters none accepts become '_'. */
export function safeFileName(name: string): string {
  return name.replace(UNSAFE_IN_FILE_NAMES, '_');
}

/** The name a .tla is saved under: its work title made safe for any file system (SPEC.md 7). */
export function tlaFileName(title: string): string {
  return `${safeFileName(title) || 'Untitled'}.tla`;
}

/** Hands a blob to the browser's download, under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the download; the URL is no longer needed after this task.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
