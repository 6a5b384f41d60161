import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Plugin, runnerImport } from 'vite';
import { defineConfig } from 'vitest/config';
import pkg from './package.json' with { type: 'json' };

// The API is always on the same origin (`/api`): functions/local serves both locally and
// CloudFront routes `/api/*` to API Gateway in the cloud, so no request is cross-origin.
/** The names the app imports from 'antd' (`import { Button, Table } from 'antd'`), across src. */
function antdNamesUsed(dir: string): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(entry) || /\.test\.tsx?$/.test(entry)) continue;
    const text = readFileSync(join(dir, entry), 'utf8');
    for (const m of text.matchAll(/import\s*{([^}]*)}\s*from\s*'antd'/g)) {
      for (const part of m[1].split(',')) {
        const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/**
 * Ant Design's styles made at build time (scripts/antd-static-css.tsx) instead of at each load:
 * one CSS file for each of the theme's two token sets (motion on, and off for people who ask
 * for less motion, antd-theme.ts), each linked for the media that picks its set. cssinjs in the
 * browser reads the file's map and then neither computes nor injects those styles. A static
 * same-origin file, so the Content-Security-Policy (functions/security-headers.json) allows it.
 */
function antdStaticCss(): Plugin {
  const files: { href: string; media: string }[] = [];
  let production = true;
  return {
    name: 'samrap-antd-static-css',
    apply: 'build',
    configResolved(config) {
      // the browser's class hashes are production's only in a production build
      production = config.isProduction;
    },
    async buildStart() {
      files.length = 0;
      if (!production) return;
      const src = fileURLToPath(new URL('./src', import.meta.url));
      const script = fileURLToPath(new URL('./scripts/antd-static-css.tsx', import.meta.url));
      const { module } = await runnerImport<typeof import('./scripts/antd-static-css')>(script, {
        configFile: false,
        logLevel: 'error',
        esbuild: { jsx: 'automatic' },
      });
      const used = antdNamesUsed(src);
      for (const motion of [true, false]) {
        const css = module.antdStaticCss(motion, used);
        const hash = createHash('sha256').update(css).digest('hex').slice(0, 10);
        const fileName = `assets/antd-${motion ? 'motion' : 'still'}-${hash}.css`;
        this.emitFile({ type: 'asset', fileName, source: css });
        files.push({
          href: `/${fileName}`,
          media: motion ? '(prefers-reduced-motion: no-preference)' : '(prefers-reduced-motion: reduce)',
        });
      }
    },
    transformIndexHtml() {
      return files.map(({ href, media }) => ({
        tag: 'link',
        attrs: { rel: 'stylesheet', href, media },
        injectTo: 'head-prepend' as const,
      }));
    },
  };
}

export default defineConfig({
  plugins: [react(), antdStaticCss()],
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
