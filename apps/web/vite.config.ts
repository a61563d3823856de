import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import type { OutputChunk } from 'rolldown';
import { build, type Plugin, type PluginOption } from 'vite';

const THEME_COLOR = '#0d3b7c';

/**
 * React Router 7's package sends every bundler to its development build, whose only difference
 * from the production one is its developer warnings left on (remix-run/react-router#14102): a
 * build takes the production one.
 */
function reactRouterProduction(): Plugin {
  const development = createRequire(import.meta.url).resolve('react-router');
  const production = path.join(path.dirname(development), '..', 'production', 'index.mjs');
  return {
    name: 'vialex-react-router-production',
    apply: 'build',
    config: () => ({ resolve: { alias: [{ find: /^react-router$/, replacement: production }] } }),
  };
}

/**
 * Writes name.br and name.gz beside every text file of the build (at the highest levels: this
 * runs once per build), so the server sends them as they are (@fastify/static's preCompressed).
 * A file under 1 KB, or one that compression would not make smaller, gets none.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const file = path.join(dir, e.name);
      return e.isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'vialex-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir).filter((f) => compressible.test(f))) {
          const raw = fs.readFileSync(file);
          if (raw.length < 1024) continue;
          const br = zlib.brotliCompressSync(raw, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          });
          const gz = zlib.gzipSync(raw, { level: 9 });
          if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
          if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}

/**
 * The sign-in screen is a lazy chunk (app/routes.tsx); on most first visits it is the screen
 * shown, so index.html asks for it and its imports beside the entry (modulepreload) instead of
 * after the entry has run. The staff screens need the same form and Typography chunks.
 */
function preloadLogin(): Plugin {
  return {
    name: 'vialex-preload-login',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is OutputChunk => c.type === 'chunk');
        const login = chunks.find((c) => c.facadeModuleId?.endsWith('/src/features/auth/login-page.tsx'));
        if (!login) throw new Error('preloadLogin: no login-page chunk');
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const files = new Set<string>();
        const visit = (c: OutputChunk) => {
          if (files.has(c.fileName)) return;
          files.add(c.fileName);
          for (const i of c.imports) visit(byName.get(i)!);
        };
        visit(login);
        const links = [...files]
          .filter((f) => !html.includes(`/${f}"`))
          .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
        return html.replace('</head>', `${links.join('')}</head>`);
      },
    },
  };
}

/** The driver's pages; the server and the service worker send cliente.html for them. */
const CLIENT_PAGES = /^\/(login\/auth-cliente|caso-cliente)(\/|\?|$)/;

/**
 * The driver's pages are a second app, cliente.html (src/client-main.tsx), built on its own into
 * the same folder: a bundle shared with the staff app would carry the staff's data router and
 * sign-in chunks to a phone on a weak signal. Their entry page is a third, smaller
 * build: entrada.html, the template the server writes the entry screen into
 * (modules/client-links/entry-page-route.ts), with one script of a few KB and no React
 * (src/features/client-entry/entrada/) — built apart so that no chunk is shared with the React app
 * (one request for the script on slow 4G), without the module-preload helper (it has no imports).
 * Both run before the service worker is written, so their pages are in its precache, and before
 * precompress, which compresses every app's files.
 */
function clientApp(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vialex-client-app',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      // Development: the same mapping as the server's (platform/static-assets.ts); the React entry
      // page (entry-page.tsx) stands in for the server's.
      server.middlewares.use((req, _res, next) => {
        if (req.url && CLIENT_PAGES.test(req.url)) req.url = '/cliente.html';
        next();
      });
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        if (this.environment.config.command !== 'build') return;
        const page = (html: string, plugins: PluginOption[], modulePreload: boolean) =>
          build({
            configFile: false,
            root: import.meta.dirname,
            logLevel: 'warn',
            plugins,
            build: {
              outDir,
              emptyOutDir: false,
              sourcemap: false,
              modulePreload,
              rollupOptions: { input: path.resolve(import.meta.dirname, html) },
            },
          });
        await page('cliente.html', [react()], true);
        await page('entrada.html', [], false);
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    reactRouterProduction(),
    clientApp(),
    preloadLogin(),
    VitePWA({
      // Our own service worker: it shows Web Push notifications, which generateSW can't.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'autoUpdate',
      // main.tsx registers the worker itself, in production builds only.
      injectRegister: null,
      manifest: {
        name: 'VIALEX',
        short_name: 'VIALEX',
        description: 'Gestión de casos de asistencia legal e investigativa en accidentes de tránsito',
        lang: 'es',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOR,
        background_color: '#f3f5f9',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,woff2}'],
      },
      devOptions: { enabled: false },
    }),
    // Last: the service worker is written by the plugin above.
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,

    sourcemap: false,
    // Areas other than login are lazy chunks (app/routes.tsx); this only keeps the warning honest.
    chunkSizeWarningLimit: 700,
  },
  // The root's vitest.config.ts runs these as two projects (which files, and why).
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // Rendering MUI in jsdom takes a few hundred milliseconds on an idle machine and several
    // seconds on a busy one (CI, or the browser tests beside): the suite must pass on both.
    testTimeout: 30_000,
  },
});
