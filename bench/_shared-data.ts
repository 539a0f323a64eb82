/**
 * The folder of a data set in the team's shared/data, which sits beside the main checkout: found by
 * walking up from bench/, so the benches also run from a worktree nested one level deeper.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function sharedData(name: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'shared', 'data', name);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return join(fileURLToPath(new URL('../..', import.meta.url)), 'shared', 'data', name);
    dir = parent;
  }
}
