import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { BOARD_CACHE } from './src/lib/offline-cache';

// The backend serves /api, /socket.io and /uploads; in dev Vite proxies them (README.md, "Developing").
const backendUrl = process.env.BACKEND_URL ?? 'http://localhost:5000';

/**
 * The installable app (docs/architecture.md, "Offline"): a manifest, and a service worker that
 * serves the shell (the built files and the translations) without a connection and keeps the
 * compact reads of the last boards opened, so they open read-only offline. A new version waits for
 * the person to accept it (registerType 'prompt', components/update-prompt.tsx).
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
  manifest: {
    name: 'Papan',
    short_name: 'Papan',
    description: 'Real-time collaborative kanban boards for teams and individuals.',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#0f172a',
    theme_color: '#4f46e5',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}', 'locales/**/*.json'],
    // The largest chunks (charts, Markdown) are over Workbox's 2 MB default.
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io/, /^\/uploads\//],
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // GET /api/boards/{id}?view=compact: from the network while there is one, else the last answer.
        urlPattern: ({ url, request }) =>
          request.method === 'GET' &&
          /^\/api\/boards\/[^/]+$/.test(url.pathname) &&
          url.searchParams.get('view') === 'compact',
        handler: 'NetworkFirst',
        options: {
          cacheName: BOARD_CACHE,
          expiration: { maxEntries: 20 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), pwa],
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
