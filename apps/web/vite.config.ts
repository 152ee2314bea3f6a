import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** In development the API runs apart (npm run dev): these paths go to it. */
const api = process.env.VITE_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/media': api, '/accounts': api },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
});
