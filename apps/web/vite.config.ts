import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The gzip figures are the ones that matter (DESIGN.md "Bundle facts").
    reportCompressedSize: true,
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
