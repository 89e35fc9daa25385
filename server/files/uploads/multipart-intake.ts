import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ApiError, fieldErrors } from '../../http-errors';
import { ComponentCounter } from './component-counter';
import { SNIFF_BYTES } from './content-sniffer';
import { tempFileName } from './temp-files';
import { MessageChannel } from 'node:worker_threads';
import { RemoteCount } from '../../work/component-counting';
import type { WorkTasks } from '../../work/work-tasks';

/** One uploaded file part, already on disk in a temporary file. */
export interface ReceivedFile {
  /** The name the browser sent, without any directory part. */
  name: string;
  tempPath: string;
  size: number;
  sha256: string;
  /** The first bytes, for telling the type from the content. */
  head: Uint8Array;
}

export interface ReceivedUpload {
  files: ReceivedFile[];
  isPublic: boolean;
}

export const tooLarge = (maxBytes: number) =>
  new ApiError(
    413,
    { detail: `The upload is too large: at most ${Math.floor(maxBytes / (1024 * 1024))} MB.` },
    // The rest of the body is not read: the connection cannot be reused.
    { connection: 'close' },
  );

/** Browsers send a bare name; other clients may send a path. Only the last segment counts. */
export function baseName(fileName: string): string {
  return (fileName.split(/[\\/]/).pop() ?? '').normalize('NFC').trim();
}

// Control characters (C0, DEL, C1) and the bidirectional controls that make 'evil\u202Egpj.tla'
// display as 'evilalt.tla'-like spoofs.
const UNSAFE_NAME_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** Most file systems' limit for one name, in UTF-8 bytes. */
const MAX_NAME_BYTES = 255;

/**
 * Why a part's file name is refused, or null when it is fine. A directory part (old browsers,
 * scripts) is allowed and dropped, but a '..' segment is an attempt to climb out of it.
 */
function fileNameFault(fileName: string): string | null {
  if (UNSAFE_NAME_CHARACTERS.test(fileName)) {
    return 'the file name contains control or text-direction characters';
  }
  if (fileName.split(/[\\/]/).some((segment) => segment.trim() === '..')) {
    return "the file name contains a '..' path segment";
  }
  const name = baseName(fileName);
  if (name === '' || name === '.') return 'the file name is empty';
  if (Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES) {
    return `the file name is longer than ${MAX_NAME_BYTES} bytes`;
  }
  return null;
}

/** The name as it may be quoted back in an error: unsafe characters shown as U+FFFD, cut short. */
function quotableName(fileName: string): string {
  const shown = fileName.replace(new RegExp(UNSAFE_NAME_CHARACTERS.source, 'gu'), '\ufffd');
  return shown.length > 60 ? `${shown.slice(0, 57)}...` : shown;
}

/** DRF's BooleanField spellings, as sent by HTML forms and by scripts. */
function parseBoolean(value: unknown): boolean | null {
  const text = String(value).trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(text)) return true;
  if (['false', '0', 'off', 'no', ''].includes(text)) return false;
  return null;
}

/** A part named like an annotation (upload-plan.ts reads these as .tla files). */
const ANNOTATION_NAME = /\.(tla|json)$/i;

/** A .tla with more components than the server takes, refused as it streams in. */
export function tooManyComponents(fileName: string, maxComponents: number): ApiError {
  return new ApiError(
    400,
    {
      file: [
        `'${fileName}': the file has more than ${maxComponents} components; the most a file ` +
          'can have is ' +
          `${maxComponents}. Split the analysis into several files.`,
      ],
    },
    // The rest of the body is not read: the connection cannot be reused.
    { connection: 'close' },
  );
}

/**
 * Hashes, counts and keeps the head of the bytes that flow through it. The count covers the
 * whole request, so the limit holds for a batch, not only for each file. An annotation's
 * components are counted as they pass (ComponentCounter): past the limit, the part fails at once.
 * Given the work tasks, they are counted on the counting thread (component-counting.ts), and the
 * bytes pass on as fast as it counts them.
 */
class IntakeMeter extends Transform {
  readonly hash = createHash('sha256');
  size = 0;
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;
  private readonly counter: ComponentCounter | null;
  private readonly remote: RemoteCount | null;

  constructor(
    private readonly budget: { remaining: number },
    private readonly maxBytes: number,
    private readonly annotation: { name: string; maxComponents: number } | null,
    tasks: WorkTasks | null,
  ) {
    super();
    this.counter = annotation && !tasks ? new ComponentCounter() : null;
    this.remote = annotation && tasks ? remoteCount(tasks, annotation.maxComponents) : null;
  }

  get head(): Uint8Array {
    return Buffer.concat(this.headChunks).subarray(0, SNIFF_BYTES);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.budget.remaining -= chunk.length;
    if (this.budget.remaining < 0) {
      done(tooLarge(this.maxBytes));
      return;
    }
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.headLength < SNIFF_BYTES) {
      this.headChunks.push(chunk.subarray(0, SNIFF_BYTES - this.headLength));
      this.headLength += Math.min(chunk.length, SNIFF_BYTES - this.headLength);
    }
    if (this.remote) {
      this.remote.push(chunk).then(() => done(this.overLimit(this.remote!.count), chunk), done);
      return;
    }
    this.counter?.push(chunk);
    done(this.overLimit(this.counter?.count ?? 0), chunk);
  }

  override _flush(done: TransformCallback) {
    if (!this.remote) {
      done();
      return;
    }
    this.remote.end().then((count) => done(this.overLimit(count)), done);
  }

  override _destroy(error: Error | null, done: (error: Error | null) => void) {
    this.remote?.close();
    done(error);
  }

  private overLimit(count: number): ApiError | null {
    if (!this.annotation || count <= this.annotation.maxComponents) return null;
    return tooManyComponents(this.annotation.name, this.annotation.maxComponents);
  }
}

/** A count on the work tasks' counting side; should that fail, the reader still counts. */
function remoteCount(tasks: WorkTasks, maxComponents: number): RemoteCount {
  const { port1, port2 } = new MessageChannel();
  const remote = new RemoteCount(port1);
  // readAnnotation counts the whole file again before anything is stored: a count that
  // failed only loses the early refusal.
  tasks.countComponents({ port: port2, maxComponents }).catch(() => remote.close());
  return remote;
}

/**
 * Streams every `file` part of a multipart request to its own temporary file under `tempDir`
 * (never whole in memory) and reads the `is_public` field. On any failure, including the client
 * going away mid-upload, every temporary file made so far is removed before the error is rethrown.
 */
export async function receiveUpload(
  request: FastifyRequest,
  options: {
    tempDir: string;
    maxBytes: number;
    maxComponents: number;
    /** Where annotations are counted; on this thread without. */
    tasks?: WorkTasks;
  },
): Promise<ReceivedUpload> {
  await mkdir(options.tempDir, { recursive: true });
  const files: ReceivedFile[] = [];
  const budget = { remaining: options.maxBytes };
  let isPublicText: unknown = undefined;
  const unexpected: Record<string, string[]> = {};
  let pendingTemp: string | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes + 1 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'is_public') isPublicText = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        // Still read to the end: the parts after it must arrive.
        await finished(part.file.resume());
        unexpected[part.fieldname] = ["Files must be sent as 'file' parts."];
        continue;
      }
      const nameFault = fileNameFault(part.filename);
      if (nameFault !== null) {
        await finished(part.file.resume());
        (unexpected.file ??= []).push(`'${quotableName(part.filename)}': ${nameFault}.`);
        continue;
      }
      const tempPath = path.join(options.tempDir, tempFileName());
      pendingTemp = tempPath;
      const name = baseName(part.filename);
      const meter = new IntakeMeter(
        budget,
        options.maxBytes,
        ANNOTATION_NAME.test(name) ? { name, maxComponents: options.maxComponents } : null,
        options.tasks ?? null,
      );
      const out = createWriteStream(tempPath, { flags: 'wx' });
      try {
        await pipeline(part.file, meter, out);
      } catch (error) {
        // The pipeline can fail before the file is even open (a body cut short just after a
        // part's headers); the stream then opens it, and closes it, after this rejection. Until
        // it has closed, removing the file would run first and leave it behind for good.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        throw error;
      }
      files.push({
        name,
        tempPath,
        size: meter.size,
        sha256: meter.hash.digest('hex'),
        head: meter.head,
      });
      pendingTemp = null;
    }
  } catch (error) {
    await removeTempFiles([...files.map((file) => file.tempPath), pendingTemp]);
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw tooLarge(options.maxBytes);
    }
    // Busboy's parse errors (a body that ends before its closing boundary, a broken part
    // header) are the client's fault: DRF answers them with 400 'Multipart form parse error'.
    if (!(error instanceof ApiError) && isMultipartParseError(error)) {
      throw new ApiError(400, {
        detail: `Multipart form parse error - ${(error as Error).message}.`,
      });
    }
    throw error;
  }

  const isPublic = isPublicText === undefined ? false : parseBoolean(isPublicText);
  if (isPublic === null) unexpected.is_public = ['Must be a valid boolean.'];
  if (files.length === 0 && !unexpected.file) unexpected.file = ['No file was submitted.'];
  if (Object.keys(unexpected).length > 0) {
    await removeTempFiles(files.map((file) => file.tempPath));
    throw fieldErrors(unexpected);
  }
  return { files, isPublic: isPublic ?? false };
}

function isMultipartParseError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /multipart|boundary|part header|malformed/i.test(message);
}

export async function removeTempFiles(paths: (string | null)[]): Promise<void> {
  await Promise.all(
    paths.filter((p): p is string => p !== null).map((p) => rm(p, { force: true })),
  );
}
