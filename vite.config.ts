import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

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
  server: { port: 5173, strictPort: false },
});
