import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Built the same way as the app's renderer (vite + @vitejs/plugin-react, minified, relative base as
// electron-vite uses), so the size and timing ratios compare the app with React alone.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const BARE_OUT_DIR = here('../../../out/bench-bare-react');

export default defineConfig({
  root: here('.'),
  base: './',
  logLevel: 'warn',
  plugins: [react()],
  build: { outDir: BARE_OUT_DIR, emptyOutDir: true, minify: true },
});
