import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Headers on every response (DESIGN.md section 8): a CSP that allows our own origin, the media
 * origin and the YouTube embed only.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, options: { mediaBaseUrl: string }) => {
    const mediaOrigin = /^https?:\/\//.test(options.mediaBaseUrl)
      ? new URL(options.mediaBaseUrl).origin
      : null;
    const withMedia = (sources: string[]) => (mediaOrigin ? [...sources, mediaOrigin] : sources);
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // The YouTube IFrame API script; WebAssembly for pdf.js image decoders.
          scriptSrc: ["'self'", "'wasm-unsafe-eval'", 'https://www.youtube.com'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: withMedia(["'self'", 'data:', 'blob:', 'https://i.ytimg.com']),
          mediaSrc: withMedia(["'self'", 'blob:']),
          connectSrc: withMedia(["'self'"]),
          fontSrc: ["'self'", 'data:'],
          workerSrc: ["'self'", 'blob:'],
          frameSrc: ['https://www.youtube.com', 'https://www.youtube-nocookie.com'],
          frameAncestors: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      frameguard: { action: 'sameorigin' },
    });
  },
  { name: 'security-headers' },
);
