import { describe, expect, it } from 'vitest';
import { repeatedPasswordSchema } from './password-rules.ts';

describe('new password twice', () => {
  const schema = repeatedPasswordSchema('differ');
  it('needs at least 10 characters', () => {
    const r = schema.safeParse({ password: 'short', repeat: 'short' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['password']);
  });
  it('needs the same password twice', () => {
    const r = schema.safeParse({ password: 'long-enough-1', repeat: 'long-enough-2' });
    expect(r.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['repeat', 'differ']]);
    expect(schema.safeParse({ password: 'long-enough-1', repeat: 'long-enough-1' }).success).toBe(true);
  });
});
