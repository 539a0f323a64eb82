// tsc emits only JavaScript: copy the server's bundled info pages beside the compiled code, where
// server/pages/service.ts looks for them. Plain fs calls keep it working on every platform.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const from = fileURLToPath(new URL('../server/pages/defaults/', import.meta.url));
const to = fileURLToPath(new URL('../dist/server/pages/defaults/', import.meta.url));
mkdirSync(to, { recursive: true });
for (const file of readdirSync(from)) {
  if (file.endsWith('.md')) copyFileSync(`${from}${file}`, `${to}${file}`);
}
