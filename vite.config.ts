import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { precompressDirectory } from './src/server/http/assets.ts';

/** Brotli and gzip copies of the hashed assets, written once at build and served as they are. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDirectory(path.join(outDir, 'assets'));
    },
  };
}

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/client'),
  publicDir: path.resolve(import.meta.dirname, 'src/client/public'),
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically in one chunk: one request before the first
          // render instead of a dozen small ones (each a round trip on a slow phone network).
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
});
