import { describe, expect, it } from 'vitest';
import { ERROR_TITLES, MESSAGES } from '../../../contract/errors.ts';
import { ApiError } from '../../api/client.ts';
import { de } from '../../i18n/de.ts';
import { loginErrorKey, registrationErrorText } from './login-messages.ts';

const text = (e: unknown) => de.messages[loginErrorKey(e)];

describe('login messages (SPEC §8)', () => {
  it('no response: Fehler.', () => {
    expect(text(new ApiError(0, 'network_error', ''))).toBe(MESSAGES.loginNoResponse);
    expect(MESSAGES.loginNoResponse).toBe('Fehler.');
  });
  it('418 and 429', () => {
    expect(text(new ApiError(418, ERROR_TITLES.passwordExpired, ''))).toBe(MESSAGES.loginPasswordExpired);
    expect(text(new ApiError(429, ERROR_TITLES.tooManyAttempts, ''))).toBe(MESSAGES.loginTooManyAttempts);
  });
  it('otherwise Invalid credentials', () => {
    for (const status of [400, 401, 403, 500, 503]) {
      expect(text(new ApiError(status, 'x', ''))).toBe('Invalid credentials');
    }
    expect(text(new Error('weird'))).toBe('Invalid credentials');
  });
});

describe('magic-link registration failure text', () => {
  it('server msg for a failed response or a 400', () => {
    expect(registrationErrorText({ success: false, msg: 'Nein.' })).toBe('Nein.');
    expect(registrationErrorText(new ApiError(400, ERROR_TITLES.usernameExists, 'Vergeben.'))).toBe(
      'Vergeben.',
    );
  });
  it('otherwise the status text', () => {
    expect(registrationErrorText(new ApiError(409, 'conflict', 'x', 'Conflict'))).toBe('Conflict');
    expect(registrationErrorText(new ApiError(0, 'network_error', 'x'))).toBeNull();
  });
});
