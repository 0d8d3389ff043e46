import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { loginShell } from './login-shell.ts';
import { precompress } from './precompress.ts';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), loginShell(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The gzip figures are the ones that matter (DESIGN.md "Bundle facts").
    reportCompressedSize: true,
    rolldownOptions: {
      treeshake: {
        // packages/shared is wire schemas (TypeBox) plus plain rules. Its modules do nothing when
        // imported but build their exports, so a page that needs one pattern or the envelope codes
        // must not carry every schema and TypeBox with it (about 15 KB gzip on /login).
        moduleSideEffects: [{ test: /\/packages\/shared\/src\//, sideEffects: false }],
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/websocket': { target: api, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/websocket': { target: api, ws: true, changeOrigin: true },
    },
  },
});
