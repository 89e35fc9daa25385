import { randomBytes } from 'node:crypto';

export interface FilePart {
  name: string;
  bytes: Uint8Array | string;
  /** The field name; 'file' unless a test says otherwise. */
  field?: string;
  contentType?: string;
}

/** A multipart/form-data body as a browser sends it, for app.inject and raw sockets. */
export function multipartBody(
  files: FilePart[],
  fields: Record<string, string> = {},
): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----tilia${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; ` +
          `filename="${file.name}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
