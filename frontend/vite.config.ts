import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The backend serves /api, /socket.io and /uploads; in dev Vite proxies them (README.md, "Developing").
const backendUrl = process.env.BACKEND_URL ?? 'http://localhost:5000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // Use the shared package's source, so a change there needs no separate build.
    alias: {
      '@papan/shared': fileURLToPath(new URL('../shared/src/index.ts', import.meta.url)),
      // Its browser build decodes entities with `document`, which the Markdown worker does not have.
      'decode-named-character-reference': createRequire(import.meta.url).resolve(
        'decode-named-character-reference',
      ),
    },
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: {
      '/api': backendUrl,
      '/uploads': backendUrl,
      '/socket.io': { target: backendUrl, ws: true },
    },
  },
  preview: { port: 3000, strictPort: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The shared package's modules only declare things (constants, zod schemas); the browser
      // mostly needs their types, so unused schemas, and zod with them, stay out of the bundle.
      treeshake: { moduleSideEffects: [{ test: /[\\/]shared[\\/]src[\\/]/, sideEffects: false }] },
    },
  },
});
