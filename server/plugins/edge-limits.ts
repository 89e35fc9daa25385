import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { RETRY_AFTER_SECONDS } from './costly-work';
import { sharedBandwidth } from './shared-bandwidth';

/** A client gets this long to send its request's headers, and a body may pause this long. */
export const CLIENT_IDLE_MS = 30_000;

/** A kept-alive connection with no request is closed after this long (under CLIENT_IDLE_MS). */
export const KEEP_ALIVE_MS = 25_000;

/** Connections open at once from one address (not behind a trusted proxy: see below). */
export const MAX_CONNECTIONS_PER_ADDRESS = 64;

/**
 * An event loop this late means the server cannot answer in time: new requests are shed with a
 * 503 and Retry-After until it recovers, rather than queued behind it. Lateness, not how busy the
 * loop is: a server answering a steady stream of clients is busy all the time and still answers in
 * milliseconds, and shedding by utilisation fed itself (the 503s kept the loop as busy as the
 * work had, so 98% of a read load was refused on PostgreSQL).
 */
const MAX_EVENT_LOOP_DELAY_MS = 1_000;

/**
 * Load shed at the edge, before a request costs anything: a server under pressure answers 503;
 * a client that opens connections and sends nothing (or a byte now and then) is cut off after
 * CLIENT_IDLE_MS of silence and holds at most MAX_CONNECTIONS_PER_ADDRESS sockets. Behind a
 * trusted proxy every connection comes from the proxy, which must limit its clients itself.
 */
export const edgeLimits = fp(
  async (app: FastifyInstance, options: { behindProxy: boolean; shedLoad: boolean }) => {
    if (options.shedLoad)
      await app.register(underPressure, {
        maxEventLoopDelay: MAX_EVENT_LOOP_DELAY_MS,
        retryAfter: RETRY_AFTER_SECONDS,
        pressureHandler: (_request, reply) => {
          void reply
            .code(503)
            .header('retry-after', String(RETRY_AFTER_SECONDS))
            .send({ detail: 'The server is overloaded. Try again in a few seconds.' });
        },
      });
    app.server.headersTimeout = CLIENT_IDLE_MS;
    await app.register(sharedBandwidth);
    if (options.behindProxy) return;
    const open = new Map<string, number>();
    app.server.on('connection', (socket) => {
      const address = socket.remoteAddress ?? '';
      const count = (open.get(address) ?? 0) + 1;
      if (count > MAX_CONNECTIONS_PER_ADDRESS) {
        socket.destroy();
        return;
      }
      open.set(address, count);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
    });
  },
  { name: 'edge-limits' },
);
