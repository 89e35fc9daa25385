/**
 * The flags the E2E suite and the viewer bench launch Chromium with: no sandbox (root in a
 * container), software rendering, and none of the browser's own network and update traffic.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
