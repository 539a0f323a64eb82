import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Config, configSchema, loadConfig, parseTrustProxy, trustProxyOption } from './config.ts';

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, empty, 0 or false', () => {
    for (const value of [undefined, '', ' ', '0', 'false']) {
      expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY, value).toBe(false);
    }
  });

  it('takes a hop count; true is kept as one proxy', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('3')).toBe(3);
    expect(parseTrustProxy('32')).toBe(32);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
  });

  it('takes a comma-separated list of proxy addresses, CIDR ranges and range names', () => {
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, 10.0.0.0/8 ,fd00::/8,::1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it('refuses anything else at start with a clear message', () => {
    for (const value of [
      'yes',
      'TRUE',
      '-1',
      '33',
      '1.5',
      '10.0.0.256',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.1,',
      'a/b/c',
      'example.org',
    ]) {
      expect(parseTrustProxy(value), value).toBeUndefined();
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: muss false, true, eine Anzahl von Proxys/,
      );
    }
  });

  it('gives Fastify a hop count as a function, since Fastify trusts nobody for a bare number', () => {
    const trust = trustProxyOption(2);
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect([0, 1, 2].map((hop) => trust('192.0.2.1', hop))).toEqual([true, true, false]);
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(['10.0.0.1'])).toEqual(['10.0.0.1']);
  });
});

describe('LOGIN_MAX_FAILURES_PER_ACCOUNT', () => {
  it('defaults to 50 and must be a positive whole number', () => {
    expect(loadConfig({}).LOGIN_MAX_FAILURES_PER_ACCOUNT).toBe(50);
    expect(loadConfig({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '12' }).LOGIN_MAX_FAILURES_PER_ACCOUNT).toBe(12);
    expect(() => loadConfig({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '0' })).toThrow(
      /LOGIN_MAX_FAILURES_PER_ACCOUNT/,
    );
  });
});

describe('PUBLIC_URL and JWT_SECRET', () => {
  it('PUBLIC_URL must be an http or https address; a trailing slash is dropped', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://example.org/dialoge/' }).PUBLIC_URL).toBe(
      'https://example.org/dialoge',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://10.0.0.5:3000' }).PUBLIC_URL).toBe('http://10.0.0.5:3000');
    expect(loadConfig({}).PUBLIC_URL).toBeUndefined();
    for (const bad of ['not-a-url', 'ftp://example.org', 'example.org']) {
      expect(() => loadConfig({ PUBLIC_URL: bad })).toThrow(
        'PUBLIC_URL: muss eine http- oder https-Adresse sein',
      );
    }
  });

  it('JWT_SECRET needs at least 32 characters', () => {
    expect(() => loadConfig({ JWT_SECRET: 'x' })).toThrow('JWT_SECRET: mindestens 32 Zeichen');
    expect(loadConfig({ JWT_SECRET: 'a'.repeat(32) }).JWT_SECRET).toBe('a'.repeat(32));
  });
});

/** The README's table is what operators read: it must name what the server reads, with its defaults. */
describe("the README's configuration table", () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Operations'));
  const rows = table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [names = '', fallback = ''] = line.split(' | ');
      return {
        names: [...names.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!),
        fallback: fallback.split(', '),
      };
    });

  it('names every variable the server reads, and no other', () => {
    expect(rows.flatMap((r) => r.names).sort()).toEqual(Object.keys(configSchema.shape).sort());
  });

  it('gives the numeric and on/off defaults the server uses', () => {
    const config = loadConfig({});
    const checked: { name: string; documented: unknown; actual: unknown }[] = [];
    for (const { names, fallback } of rows) {
      names.forEach((name, i) => {
        const documented = fallback.length === names.length ? fallback[i]! : fallback[0]!;
        const actual = config[name as keyof Config];
        if (typeof actual === 'number') checked.push({ name, documented: Number(documented), actual });
        if (typeof actual === 'boolean')
          checked.push({ name, documented: ['1', 'true'].includes(documented), actual });
      });
    }
    expect(checked.length).toBeGreaterThan(20);
    for (const { name, documented, actual } of checked)
      expect({ name, documented }).toEqual({ name, documented: actual });
  });
});
