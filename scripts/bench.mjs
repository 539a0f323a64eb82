// npm run bench: runs every benchmark in bench/ one after another; each prints `name: value unit` lines.
// Pass names to run only some: npm run bench -- block-update chat-turns
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const wanted = process.argv.slice(2);
const files = readdirSync('bench')
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('_'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n== bench/${file}`);
  const res = spawnSync('npx', ['tsx', `bench/${file}`], { stdio: 'inherit' });
  if (res.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
