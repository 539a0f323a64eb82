// tsc emits only JavaScript: copy the server's data files beside the compiled code, where the code
// reads them (the info pages of server/pages/service.ts, the thesaurus of server/training/thesaurus.ts).
// Plain fs calls keep it working on every platform.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const assets = [
  ['pages/defaults/', '.md'],
  ['training/data/', '.txt'],
];
for (const [dir, extension] of assets) {
  const from = fileURLToPath(new URL(`../server/${dir}`, import.meta.url));
  const to = fileURLToPath(new URL(`../dist/server/${dir}`, import.meta.url));
  mkdirSync(to, { recursive: true });
  for (const file of readdirSync(from)) {
    if (file.endsWith(extension)) copyFileSync(`${from}${file}`, `${to}${file}`);
  }
}
