import { describe, expect, it } from 'vitest';
import { appForFile } from '../test/per-file.ts';
import { seedDemo } from './demo.ts';
import { demoAccountExposed, isLoopback } from './demo-exposed.ts';

describe('the start-up warning about the demo account', () => {
  const t = appForFile();

  it('knows loopback addresses', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', 'localhost']) expect(isLoopback(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'example.org']) expect(isLoopback(host)).toBe(false);
  });

  it('warns only when the demo account exists and the server listens beyond this machine', async () => {
    expect(await demoAccountExposed(t.ctx, '0.0.0.0')).toBe(false);
    await seedDemo({ db: t.database.db, now: Date.now, dbKind: t.database.kind, config: t.config });
    expect(await demoAccountExposed(t.ctx, '0.0.0.0')).toBe(true);
    expect(await demoAccountExposed(t.ctx, '127.0.0.1')).toBe(false);
  });
});
