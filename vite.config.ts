import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server (npm start) serves the built client; `npx vite` is for working on the client
// alone, with /api and /media forwarded to a server on the default port.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
  },
  worker: {
    format: 'es',
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/media': 'http://127.0.0.1:8080',
    },
  },
});
