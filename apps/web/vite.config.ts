import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server serves the built console from apps/web/dist; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
});
