import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bundledLogoUrl,
  classifyLogo,
  PRODUCT_LOGO,
  pickLogoValue,
  productLogo,
  resolveLogo,
} from './logo.ts';

describe('logo rule (SPEC §2)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('values starting with https or /img are addresses', () => {
    expect(classifyLogo('https://cdn.example.org/l.png')).toEqual({
      kind: 'url',
      src: 'https://cdn.example.org/l.png',
    });
    expect(classifyLogo('/img/logo.svg')).toEqual({ kind: 'url', src: '/img/logo.svg' });
  });

  it('uploaded media files are addresses too', () => {
    expect(classifyLogo('/media/abc123.png')).toEqual({ kind: 'url', src: '/media/abc123.png' });
  });

  it('anything else names a bundled svg asset', () => {
    expect(classifyLogo('dialogwerk')).toEqual({ kind: 'asset', name: 'dialogwerk' });
    expect(classifyLogo('dialogwerk.svg')).toEqual({ kind: 'asset', name: 'dialogwerk' });
    expect(classifyLogo('http://insecure.example.org/x.png')).toMatchObject({ kind: 'asset' });
    expect(classifyLogo('')).toEqual({ kind: 'none' });
    expect(classifyLogo(null)).toEqual({ kind: 'none' });
  });

  it('client config logo_src first, else the per-dialog logo', () => {
    expect(pickLogoValue('https://a', 'https://b')).toBe('https://a');
    expect(pickLogoValue('', 'https://b')).toBe('https://b');
    expect(pickLogoValue(undefined, null)).toBeNull();
  });

  it('loads a bundled asset by name', async () => {
    const url = await bundledLogoUrl(PRODUCT_LOGO);
    expect(url).toBeTruthy();
    expect(await resolveLogo('https://x.example.org/l.png')).toBe('https://x.example.org/l.png');
  });

  it('an unknown asset logs a console warning and shows nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await resolveLogo('no-such-logo')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('product logo', () => {
  it('has a light and a dark variant, both bundled', async () => {
    expect(productLogo('light')).toBe(PRODUCT_LOGO);
    expect(await bundledLogoUrl(productLogo('dark'))).toBeTruthy();
  });
});
