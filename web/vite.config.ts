import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import pkg from './package.json' with { type: 'json' };

// The API is always on the same origin (`/api`): functions/local serves both locally and
// CloudFront routes `/api/*` to API Gateway in the cloud, so no request is cross-origin.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(pkg.version) },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.SAMRAP_API ?? 'http://localhost:8080' } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
  test: {
    globals: true,
    setupFiles: ['src/testing/setup.ts'],
    css: false,
    // Ant Design renders slowly in jsdom on a busy 2-core machine
    testTimeout: 20_000,
    // Screens (*.test.tsx) render in jsdom; logic (*.test.ts) runs in plain Node, where a file
    // that needs a window says so with `// @vitest-environment jsdom` (src/testing/setup.ts).
    // `npm test` runs the logic files with --no-isolate (one module graph per worker, a quarter
    // of the processor time; they hold no screen) and the screens isolated. Vitest takes
    // `isolate` only from the command line or the root config, not from a project.
    projects: [
      { extends: true, test: { name: 'screens', include: ['src/**/*.test.tsx'], environment: 'jsdom' } },
      { extends: true, test: { name: 'logic', include: ['src/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
