// The work pool's thread entry when the server runs from its TypeScript sources (tsx, vitest):
// it registers tsx's loader in the thread, then serves work.worker.ts. The production build
// emits work.worker.js, which the pool loads directly.
import { register } from 'tsx/esm/api';

register();
const worker = await import('./work.worker.ts');
export default worker.default;
