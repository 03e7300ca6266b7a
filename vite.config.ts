import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaManifest } from './src/sw/manifest';

export default defineConfig({
  plugins: [
    react(),
    // Installable app (issue 30): our own service worker (src/sw/sw.ts) gets Workbox's precache list
    // injected; icons are drawn from public/favicon.svg at build time. The page registers it itself
    // (src/offline/serviceWorker.ts), only in a production build.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: pwaManifest,
      pwaAssets: { image: 'public/favicon.svg', preset: 'minimal-2023', overrideManifestIcons: true },
      injectManifest: {
        // The shell: the page, its scripts and styles, the icons. Code split from it is small
        // enough to take whole, so every screen opens offline after the first visit.
        globPatterns: ['**/*.{html,js,css,svg,png,ico,woff2}'],
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3001}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the router change far less often than the app: their own chunk stays cached
            // across releases. Only libraries the sign-in page needs anyway belong here; grouping
            // MUI or react-admin would pull post-sign-in code into the first load.
            {
              name: 'react-vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
