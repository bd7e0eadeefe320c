import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath, URL } from 'node:url';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    // The Go binary embeds pb_public at the repository root.
    outDir: '../pb_public',
    emptyOutDir: true,
  },
  server: {
    // During `npm run dev`, send API calls to a locally running `bin/sheetsmith serve`.
    proxy: {
      '/api': 'http://127.0.0.1:8090',
      '/my-worksheets': 'http://127.0.0.1:8090',
      '/worksheet': 'http://127.0.0.1:8090',
      '/save-worksheet': 'http://127.0.0.1:8090',
      '/compile': 'http://127.0.0.1:8090',
      '/pdf': 'http://127.0.0.1:8090',
      '/generate-latex': 'http://127.0.0.1:8090',
      '/generate-answer-key': 'http://127.0.0.1:8090',
      '/answer-key': 'http://127.0.0.1:8090',
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
