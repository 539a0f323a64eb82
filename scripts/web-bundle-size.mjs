// Builds the web app with a manifest and prints the gzip size of the JavaScript each kind of visitor
// downloads: the route's entry (index.html: author entry, live.html: respondent entry) with its static
// imports, plus the lazy chunks the route loads: the whole author app (author-app.tsx) with the route's
// screen and top bar, or, on /login, only the sign-in page (web/main.tsx).
// Output lines are `name: value unit` (bench style), each with its target where it has one; the exit
// code is 1 when a route is over its target. Usage: node scripts/web-bundle-size.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

execFileSync('npx', ['vite', 'build', '--manifest', '--logLevel', 'warn'], { stdio: 'inherit' });
const dir = 'dist/web/';
const manifest = JSON.parse(readFileSync(`${dir}.vite/manifest.json`, 'utf8'));

function chunk(source) {
  if (!manifest[source]) throw new Error(`no chunk for ${source}`);
  return source;
}

function gzipKb(keys) {
  const seen = new Set();
  const visit = (k) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) visit(i);
  };
  keys.forEach(visit);
  let bytes = 0;
  for (const k of seen) {
    const file = manifest[k].file;
    if (file.endsWith('.js')) bytes += gzipSync(readFileSync(dir + file)).length;
  }
  return (bytes / 1024).toFixed(1);
}

const routes = {
  // /dialog/{id}, /assess_live, /widget, /exit, /privacy and the games (/multi_live, /flow, /aufderflucht):
  // the light respondent entry, all of it static.
  dialog: ['live.html'],
  dashboard: [
    'index.html',
    'author-app.tsx',
    'features/dashboard/DashboardScreen.tsx',
    'shell/AdminTopBar.tsx',
  ],
  assess: ['index.html', 'author-app.tsx', 'features/assess/AssessScreen.tsx', 'shell/AdminTopBar.tsx'],
  login: ['index.html', 'SignInPage.tsx'],
};
/**
 * Issue 23's targets (gzip kB): the respondent's /dialog/{id}, the author's /login and /dashboard.
 * /assess has none of its own (it is the dashboard's frame with the test chat).
 */
const TARGET_KB = { dialog: 85, login: 150, dashboard: 250 };
for (const [name, sources] of Object.entries(routes)) {
  const kb = gzipKb(sources.map(chunk));
  const target = TARGET_KB[name];
  console.log(`web_js_gzip_${name}: ${kb} kB${target ? ` (target ${target} kB)` : ''}`);
  if (target && Number(kb) > target) {
    console.error(`${name} is over its target of ${target} kB`);
    process.exitCode = 1;
  }
}
