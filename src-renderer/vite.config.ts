import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

/**
 * Builds the renderer on its own (same root, entry and output as the renderer part of
 * electron.vite.config.ts), for when only the UI needs rebuilding.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [svelte()],
  build: {
    outDir: resolve(import.meta.dirname, '../out/renderer'),
    emptyOutDir: true,
    rollupOptions: { input: resolve(import.meta.dirname, 'index.html') },
  },
});
