import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-setup.ts';

describe('zod setup', () => {
  it('parses without new Function (the CSP forbids eval) and in German', () => {
    expect(z.config().jitless).toBe(true);
    const parsed = z.object({ a: z.string() }).safeParse({ a: 1 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/Ungültige Eingabe|erwartet/);
  });
});
