/**
 * Files the user chose from their disk. The browser only remembers where a chosen file is: if it
 * is moved, deleted or changed before the page reads it, or the browser may not open it, reading
 * fails (NotFoundError, NotReadableError, SecurityError, AbortError). SPEC.md section 8 names the
 * message for that.
 */

export const FILE_READ_ERROR = 'Error while reading a file';

export class ChosenFileReadError extends Error {
  override readonly name = 'ChosenFileReadError';

  constructor(
    readonly fileName: string,
    options?: { cause?: unknown },
  ) {
    super(
      `${FILE_READ_ERROR}: '${fileName}' could not be read. It may have been moved, deleted or ` +
        'changed since you chose it; choose it again.',
      options,
    );
  }
}

/** The whole file. Throws ChosenFileReadError when the browser cannot read it. */
export async function readChosenFile(file: File): Promise<ArrayBuffer> {
  try {
    return await file.arrayBuffer();
  } catch (error) {
    throw new ChosenFileReadError(file.name, { cause: error });
  }
}

/**
 * Checks, by reading their first byte, that the files can still be read: cheap even for a long
 * recording, and done before an upload so that one moved file fails with its name instead of as
 * a broken connection halfway through. Throws ChosenFileReadError for the first that cannot.
 */
export async function checkChosenFiles(files: readonly File[]): Promise<void> {
  for (const file of files) {
    try {
      await file.slice(0, 1).arrayBuffer();
    } catch (error) {
      throw new ChosenFileReadError(file.name, { cause: error });
    }
  }
}
