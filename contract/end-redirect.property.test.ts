import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillRedirect, isRedirectTemplate } from './end-redirect.ts';

/** The redirect's placeholders (issue 22): filled URL-encoded, so a value is always just a value. */

const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,10}$/);

describe('fillRedirect', () => {
  it('fills a value so that the query gives it back unchanged, whatever it holds', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), name, (value, key) => {
        const url = new URL(
          fillRedirect(`https://panel.example/complete?id={{${key}}}&x=1`, { [key]: value }),
        );
        expect(url.searchParams.get('id')).toBe(value);
        // Nothing a value holds (&, =, #, ?) adds a parameter or a fragment.
        expect([...url.searchParams.keys()]).toEqual(['id', 'x']);
        expect(url.hash).toBe('');
        expect(url.host).toBe('panel.example');
      }),
    );
  });

  it('keeps a value in its path segment', () => {
    fc.assert(
      // A whole segment '.' or '..' is a dot segment to every URL parser, encoded or not (not a value).
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 40 }).filter((v) => !/^\.{1,2}$/.test(v)),
        (value) => {
          const filled = fillRedirect('https://p.example/done/{{pid}}/ok', { pid: value });
          const url = new URL(filled);
          const segments = url.pathname.split('/');
          expect(segments).toHaveLength(4);
          expect(decodeURIComponent(segments[2]!)).toBe(value);
          expect(segments[3]).toBe('ok');
        },
      ),
    );
  });

  it('empties placeholders without a value and leaves the rest of the address alone', () => {
    expect(fillRedirect('https://p.example/c?id={{pid}}&s={{ src }}', { src: 'a b&c' })).toBe(
      'https://p.example/c?id=&s=a%20b%26c',
    );
    expect(fillRedirect('https://p.example/c?id={{pid}}', { pid: 'Ä/7' })).toBe(
      'https://p.example/c?id=%C3%84%2F7',
    );
    expect(fillRedirect('https://p.example/c?x={{toString}}', {})).toBe('https://p.example/c?x=');
    // Lone surrogates cannot be URL-encoded (encodeURIComponent throws): they arrive as U+FFFD.
    expect(fillRedirect('https://p.example/c?x={{v}}', { v: 'a\uD800' })).toBe(
      'https://p.example/c?x=a%EF%BF%BD',
    );
  });
});

describe('isRedirectTemplate', () => {
  it('takes http(s) addresses with placeholders after the host', () => {
    for (const ok of [
      'https://panel.example/complete?id={{pid}}',
      'http://127.0.0.1:4705/done/{{pid}}',
      'https://p.example',
      'https://p.example#{{x}}',
    ]) {
      expect(isRedirectTemplate(ok), ok).toBe(true);
    }
  });

  it('refuses other schemes, placeholders in the host and what is no address', () => {
    for (const bad of [
      'javascript:alert(1)',
      'ftp://p.example/x',
      'data:text/html,hi',
      'https://{{host}}/x',
      'https://p{{x}}.example/',
      '//p.example/x',
      'panel.example/complete',
      'https://',
      'https://p.example/ x',
    ]) {
      expect(isRedirectTemplate(bad), bad).toBe(false);
    }
  });
});
