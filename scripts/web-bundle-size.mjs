// Builds the web app with a manifest and prints the gzip size of the JavaScript each kind of visitor
// downloads: the entry chunk, its static imports, and the chunks of the route's screen and top bar.
// Output lines are `name: value unit` (bench style). Usage: node scripts/web-bundle-size.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

execFileSync('npx', ['vite', 'build', '--manifest', '--logLevel', 'warn'], { stdio: 'inherit' });
const dir = 'dist/web/';
const manifest = JSON.parse(readFileSync(`${dir}.vite/manifest.json`, 'utf8'));
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);

function chunk(source) {
  const key = Object.keys(manifest).find((k) => k === source);
  if (!key) throw new Error(`no chunk for ${source}`);
  return key;
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
  // Screens that later issues build still use the shared stand-in; swap the source when they land.
  dialog: ['features/planned/PlannedScreen.tsx', 'components/LiveTopBar.tsx'],
  dashboard: ['features/planned/PlannedScreen.tsx', 'components/AdminTopBar.tsx'],
  login: ['features/auth/LoginScreen.tsx'],
};
for (const [name, sources] of Object.entries(routes)) {
  console.log(`web_js_gzip_${name}: ${gzipKb([entry, ...sources.map(chunk)])} kB`);
}
