import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The API server serves the built console from apps/web/dist; in development Vite proxies /api to it.
// Brotli and gzip copies are written beside every asset at build time, so the server never compresses per request
// (it picks the variant the browser accepts: @fastify/static preCompressed).
export default defineConfig({
  plugins: [
    react(),
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json|txt)$/, threshold: 512 }),
  ],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
});
