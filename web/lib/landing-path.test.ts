import { describe, expect, it } from 'vitest';
import { landingPath } from './landing-path.ts';

describe('landing', () => {
  it('an invitee opens the first module their role allows', () => {
    expect(landingPath('full', 'a b')).toBe('/configurator/a%20b');
    expect(landingPath('edit_train', 'x')).toBe('/configurator/x');
    expect(landingPath('train', 'x')).toBe('/intrance/x');
    expect(landingPath('analyse', 'x')).toBe('/analyse/x');
  });
});
