import { Transform, pipeline, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** What one address's bodies may take, together, while other addresses are being answered. */
export const SHARED_BYTES_PER_SECOND = 32 * 1024 * 1024;

/** Bytes an address may send at once before its pace applies: ordinary answers never wait. */
const BURST_BYTES = 1024 * 1024;

/** Bodies go out in pieces of this size, each when the address's pace allows. */
const PIECE_BYTES = 256 * 1024;

/** Another address answered this recently counts as being answered (a client between requests). */
const RECENT_MS = 100;

/** A token bucket of bytes per address, shared by all its bodies in flight. */
interface Allowance {
  bytes: number;
  at: number;
  bodies: number;
}

/**
 * Which addresses are being answered, and each one's allowance of bytes. On one machine nothing
 * else bounds how fast a client takes large bodies (the big file's 20 MB viewer JSON, a CSV
 * export of every beat): two clients looping on them from one address took the cores that
 * everyone else's answers need, the kernel's copying counted to the server. An address's bodies
 * are paced to SHARED_BYTES_PER_SECOND only while another address is being answered; alone, a
 * client gets them as fast as it reads (the server bench's JSON rate is one client's).
 */
export class SharedBandwidth {
  private readonly answering = new Map<string, number>();
  private readonly allowances = new Map<string, Allowance>();
  /** The last two distinct addresses answered, latest first, and when. */
  private recent: { address: string; at: number }[] = [];

  started(address: string): void {
    this.answering.set(address, (this.answering.get(address) ?? 0) + 1);
  }

  finished(address: string): void {
    const left = (this.answering.get(address) ?? 1) - 1;
    if (left > 0) this.answering.set(address, left);
    else this.answering.delete(address);
    const now = performance.now();
    this.recent = [{ address, at: now }, ...this.recent.filter((r) => r.address !== address)];
    this.recent.length = Math.min(this.recent.length, 2);
  }

  /** Another address is being answered, or was a moment ago. */
  othersAnswered(address: string): boolean {
    const mine = this.answering.has(address) ? 1 : 0;
    if (this.answering.size > mine) return true;
    const now = performance.now();
    return this.recent.some((r) => r.address !== address && now - r.at < RECENT_MS);
  }

  /** Milliseconds to wait before `bytes` more of the address's bodies go out (0: at once). */
  take(address: string, bytes: number): number {
    const allowance = this.allowances.get(address);
    if (!allowance) return 0;
    const now = performance.now();
    allowance.bytes = Math.min(
      BURST_BYTES,
      allowance.bytes + ((now - allowance.at) * SHARED_BYTES_PER_SECOND) / 1000,
    );
    allowance.at = now;
    if (!this.othersAnswered(address)) return 0;
    allowance.bytes -= bytes;
    return allowance.bytes >= 0 ? 0 : (-allowance.bytes * 1000) / SHARED_BYTES_PER_SECOND;
  }

  /** A body of the address's goes out paced: a pass-through that waits when the pace says so. */
  pace(address: string): Transform {
    const allowance = this.allowances.get(address) ?? {
      bytes: BURST_BYTES,
      at: performance.now(),
      bodies: 0,
    };
    allowance.bodies++;
    this.allowances.set(address, allowance);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      if (--allowance.bodies === 0) this.allowances.delete(address);
    };
    const wait = (bytes: number) => this.take(address, bytes);
    return new Transform({
      transform(chunk: Buffer, _encoding, done) {
        let offset = 0;
        const next = () => {
          if (this.destroyed) return;
          if (offset >= chunk.length) {
            done();
            return;
          }
          const piece = chunk.subarray(offset, offset + PIECE_BYTES);
          offset += piece.length;
          const ms = wait(piece.length);
          if (ms === 0) {
            this.push(piece);
            next();
          } else {
            setTimeout(() => {
              if (this.destroyed) return;
              this.push(piece);
              next();
            }, ms);
          }
        };
        next();
      },
      flush(done) {
        end();
        done();
      },
      destroy(error, done) {
        end();
        done(error);
      },
    });
  }
}

const isStream = (payload: unknown): payload is Readable =>
  typeof (payload as { pipe?: unknown } | null)?.pipe === 'function';

/**
 * Paces a large body (a Buffer or string over BURST_BYTES, or any stream) while other addresses
 * are being answered (see SharedBandwidth). Registered by edge-limits, so its hooks apply to
 * every route.
 */
export const sharedBandwidth = fp(
  async (app: FastifyInstance) => {
    const bandwidth = new SharedBandwidth();
    const addressOf = (request: FastifyRequest) => request.ip;
    app.addHook('onRequest', async (request, reply) => {
      const address = addressOf(request);
      bandwidth.started(address);
      // 'close' comes whether the answer was sent or the client left in the middle of it.
      reply.raw.once('close', () => bandwidth.finished(address));
    });
    app.addHook('onSend', async (request, reply, payload) => {
      const address = addressOf(request);
      if (!bandwidth.othersAnswered(address)) return payload;
      if (isStream(payload)) {
        const paced = bandwidth.pace(address);
        pipeline(payload, paced, () => undefined);
        return paced;
      }
      const bytes =
        typeof payload === 'string'
          ? Buffer.from(payload)
          : Buffer.isBuffer(payload)
            ? payload
            : null;
      if (bytes === null || bytes.length <= BURST_BYTES) return payload;
      reply.header('content-length', bytes.length);
      const paced = bandwidth.pace(address);
      paced.end(bytes);
      return paced;
    });
  },
  { name: 'shared-bandwidth' },
);
