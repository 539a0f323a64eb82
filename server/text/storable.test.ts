import { describe, expect, it } from 'vitest';
import { storable, storableDeep } from './storable.ts';

describe('storable text', () => {
  it('drops NUL and replaces lone surrogates, keeping pairs', () => {
    expect(storable('a\u0000b')).toBe('ab');
    expect(storable('x\ud800y\udc00z')).toBe('x\ufffdy\ufffdz');
    expect(storable('😀')).toBe('😀');
  });

  it('reaches every string of a JSON body', () => {
    expect(storableDeep({ a: ['\u0000x', 1, null, { b: '\udfff' }], n: 2, t: true })).toEqual({
      a: ['x', 1, null, { b: '\ufffd' }],
      n: 2,
      t: true,
    });
  });

  it('returns a body with nothing to change as it is', () => {
    const body = { a: ['x', 1, null, { b: 'ä😀' }], n: 2 };
    expect(storableDeep(body)).toBe(body);
  });

  it('stops at a depth no request has, without overflowing the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => storableDeep(deep)).not.toThrow();
  });
});
