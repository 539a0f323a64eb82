import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { LIVE_ENTRY_ROUTES, matchRoute } from './contract/routes.ts';

const apiPort = process.env.PORT ?? '3000';

/** In the dev server, respondent routes get the light entry, as server/http/web.ts does in production. */
function liveEntryInDev(): Plugin {
  return {
    name: 'dialogwerk-live-entry',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = req.url?.split('?')[0] ?? '';
        if (req.method === 'GET' && LIVE_ENTRY_ROUTES.has(matchRoute(path).name)) req.url = '/live.html';
        next();
      });
    },
  };
}

/** The modules of the respondent entry (web/live.html) that the author app uses too. */
const SHARED_WITH_RESPONDENTS = new RegExp(
  [
    // Not a package's own copy (@xyflow/react has its own zustand).
    String.raw`^(?:(?!node_modules).)*node_modules[\/](react|react-dom|scheduler|zustand)[\/]`,
    String.raw`contract[\/](constants|errors|routes|endpoint|endpoints[\/]respondent-routes)\.ts$`,
    String.raw`web[\/](navigation|route-meta|chat-kit[\/]phone-width|components[\/]use-countdown)\.ts$`,
    String.raw`web[\/]api[\/](client|live-client)\.ts$`,
    String.raw`web[\/]state[\/](banner|dialog|error|live-auth|storage)\.ts$`,
  ].join('|'),
);

/** MUI's plumbing under its components: hooks, styling, theme. */
const MUI_BASE =
  /node_modules[\\/]@mui[\\/](utils|system|material[\\/](utils|styles|internal|DefaultPropsProvider|zero-styled))[\\/]/;

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), liveEntryInDev()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // Two entries: the author app and the light respondent entry (issue 4's bundle budget).
      input: { main: resolve('web/index.html'), live: resolve('web/live.html') },
      output: {
        codeSplitting: {
          // zod with its set-up (the jitless switch, German messages) in a chunk of their own: zod probes
          // `new Function` when the first object schema is built, and a shared chunk holding schemas of
          // ours would build them before the switch ran (a CSP violation on every author page). Every
          // chunk with schemas imports this one, so the set-up runs before any of them; the entry has
          // no zod (the login page loads it at the form's first check).
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|contract[\\/]zod-(jitless|setup)\.ts$/ },
            // What the respondent entry shares with the author app, in one chunk: the author entry loads
            // most of it only with the app (web/main.tsx), and split by who loads what, it would cost the
            // respondent's page ~1 kB gzip of chunk overhead (issue 23's budget).
            { name: 'shared', test: SHARED_WITH_RESPONDENTS },
            // MUI's base (utils, system, styles) that at least five chunks share, in one chunk: split by who
            // loads what, it was ~20 chunks of a few hundred bytes each on every author page, each with its
            // own import/export overhead (issue 23: -2.9 kB gzip on /dashboard, 5 to 8 kB on the other
            // screens; 5 measured best of 3 to 40).
            { name: 'mui-base', test: MUI_BASE, minShareCount: 5 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // API calls and uploaded media go to the API server; the app's own modules in web/api/ stay with Vite.
    proxy: {
      '^/api/(?!.*\\.tsx?(\\?|$))': `http://127.0.0.1:${apiPort}`,
      '/media/': `http://127.0.0.1:${apiPort}`,
    },
  },
});
