import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Cross-origin isolation: the page gets SharedArrayBuffer, which lets the playtest's Stop reach
 * the strong bot while it thinks on its worker (renderer/src/playtest/botWorkerClient.ts). The
 * app loads nothing from other origins, so the embedder policy costs nothing.
 */
const ISOLATED = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    // SANDTABLE_OUT lets two copies of the e2e suite build side by side (one checkout, two engineers).
    outDir: process.env.SANDTABLE_OUT ?? '../dist/renderer',
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
  },
  server: { port: 5173, strictPort: false, headers: ISOLATED },
  preview: { headers: ISOLATED },
});
