import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/database';
import { mediaAccess, mediaCookieHolder } from '../files/media-access';

/** A private object's answer may be kept by its owner's browser, never by a shared cache. */
const PRIVATE_MEDIA_CACHING = 'private, max-age=3600';

/**
 * The built client (with client-side routes falling back to index.html) and /media/ from
 * MEDIA_DIR. @fastify/static answers HTTP range requests, which audio and video seeking needs.
 * A media object is served only as media-access.ts allows: a public file's to anyone (immutable
 * caching), a private file's to its owner's browser (private caching), to no one else (404).
 */
export const staticFiles = fp(
  async (
    app: FastifyInstance,
    options: { clientDir: string; mediaDir: string; db: Db; secret: string },
  ) => {
    mkdirSync(options.mediaDir, { recursive: true });
    const privateAnswers = new WeakSet<object>();
    app.addHook('onRequest', async (request, reply) => {
      const url = request.url.split('?')[0] ?? '';
      if (!url.startsWith('/media/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return;
      }
      let objectPath: string;
      try {
        objectPath = decodeURIComponent(url.slice('/media/'.length));
      } catch {
        return reply.code(404).send({ detail: 'Not found.' });
      }
      const holder = await mediaCookieHolder(options.secret, request.headers.cookie);
      const access = await mediaAccess(options.db, objectPath, holder);
      if (access === 'none') return reply.code(404).send({ detail: 'Not found.' });
      if (access === 'owner') privateAnswers.add(request);
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (privateAnswers.has(request)) reply.header('cache-control', PRIVATE_MEDIA_CACHING);
      return payload;
    });
    await app.register(fastifyStatic, {
      root: options.mediaDir,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      maxAge: '1d',
      immutable: true,
    });

    const indexFile = path.join(options.clientDir, 'index.html');
    const clientBuilt = existsSync(indexFile);
    if (clientBuilt) {
      await app.register(fastifyStatic, {
        root: options.clientDir,
        prefix: '/',
        wildcard: false,
        index: false,
        // Hashed asset names never change; index.html must always be revalidated.
        setHeaders: (reply, filePath) => {
          reply.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
    } else {
      app.log.warn(`no built client in ${options.clientDir}: run 'npm run build'`);
    }

    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0] ?? '';
      if (url.startsWith('/api/') || url.startsWith('/media/') || request.method !== 'GET') {
        return reply.code(404).send({ detail: 'Not found.' });
      }
      if (!clientBuilt) {
        return reply.code(503).type('text/plain').send('The client is not built.');
      }
      // Files that look like assets and are missing are real 404s, not client routes.
      if (/\.[a-z0-9]{1,5}$/i.test(url)) {
        return reply.code(404).type('text/plain').send('Not found');
      }
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', options.clientDir);
    });
  },
  { name: 'static-files' },
);
