import { describe, expect, it } from 'vitest';
import { durationSeconds } from './rows.ts';

describe('the export row duration', () => {
  it('is whole seconds, none while the session is open', () => {
    expect(durationSeconds(1_000, 36_227)).toBe(35);
    expect(durationSeconds(0, 35_500)).toBe(36);
    expect(durationSeconds(0, null)).toBeNull();
  });
});
