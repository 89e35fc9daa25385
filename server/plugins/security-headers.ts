import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** Client pages of the chrome-less viewer for other sites' iframes. */
function isEmbedPath(url: string): boolean {
  return /^\/embed(\/|\?|$)/i.test(url);
}

/** The routes of logins, tokens, registration, password resets and users. */
function isAccountPath(url: string): boolean {
  return /^\/+api\/+v1\/+(token|dj-rest-auth|users)(\/|\?|$)/i.test(url);
}

/**
 * The headers helmet sets for `options`, worked out once. @fastify/helmet builds helmet's
 * middleware (and parses the CSP) again for every request: a fifth of the server's time on a
 * small cached reply. The headers never depend on the request, so they are computed here.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error as Error;
    },
  );
  return headers;
}

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
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // The YouTube IFrame API script; WebAssembly for pdf.js image decoders.
          scriptSrc: ["'self'", "'wasm-unsafe-eval'", 'https://www.youtube.com'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: withMedia(["'self'", 'data:', 'blob:', 'https://i.ytimg.com']),
          mediaSrc: withMedia(["'self'", 'blob:']),
          // blob: lets pdf.js read a score PDF the local viewer opened from the user's disk.
          connectSrc: withMedia(["'self'", 'blob:']),
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
    // The embed route alone (/embed/{id}) may be framed by any site: other pages keep
    // frame-ancestors 'self' and X-Frame-Options, against clickjacking.
    const { 'x-frame-options': _sameOrigin, ...embedHeaders } = headers;
    const policy = headers['content-security-policy'];
    if (policy !== undefined) {
      embedHeaders['content-security-policy'] = policy.replace(
        /frame-ancestors [^;]*/,
        'frame-ancestors *',
      );
    }
    // Set before the route runs, so that every answer has them, an error's included; a route
    // may still change one.
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isEmbedPath(request.url) ? embedHeaders : headers);
      done();
    });
    // A response that depends on who asks must not be kept by a browser or a shared cache and
    // shown to the next user of the machine or the proxy: whatever answered a request carrying a
    // token, and every account route (a login's tokens, a user's details).
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.headers.authorization !== undefined || isAccountPath(request.url)) {
        reply.header('cache-control', 'no-store');
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
