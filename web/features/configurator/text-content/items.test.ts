import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fromContent,
  insertVariable,
  itemError,
  itemErrors,
  moveItem,
  newItem,
  savedItems,
  secondsInput,
  toContent,
} from './items.ts';

describe('text-content editor model', () => {
  it('edits the items of SPEC §3 as separate bubbles and writes them back unchanged', () => {
    const content = 'Hallo {{name}}!§§#1500#§§image:file:abc.png§§link_url:https://x.de|link_klick_name:Los';
    const items = fromContent(content);
    expect(items.map((i) => i.item.kind)).toEqual(['text', 'delay', 'image', 'link']);
    expect(new Set(items.map((i) => i.key)).size).toBe(4);
    expect(toContent(items)).toBe(content);
    expect(fromContent('')).toEqual([]);
  });

  it('round-trips every content it loads', () => {
    fc.assert(fc.property(fc.string(), (s) => toContent(fromContent(s)) === s));
  });

  it('new items are the kinds of the encoding; only filled ones can be saved', () => {
    expect(newItem('delay').item).toEqual({ kind: 'delay', ms: 1000 });
    expect(itemError(newItem('image').item, false)).toBe('mediaMissing');
    expect(itemError(newItem('link').item, false)).toBe('url');
    expect(itemError(newItem('file').item, false)).toBe('fileMissing');
    expect(itemError(newItem('text').item, true)).toBeNull();
    expect(itemError(newItem('text').item, false)).toBe('emptyText');
  });

  it('rejects text that would change meaning when saved', () => {
    expect(itemError({ kind: 'text', text: 'a§§b' }, false)).toBe('separator');
    expect(itemError({ kind: 'text', text: 'Paragraph §' }, false)).toBe('separator');
    expect(itemError({ kind: 'text', text: 'image:hallo' }, false)).toBe('prefix');
    expect(itemError({ kind: 'text', text: '#500#' }, false)).toBe('prefix');
    expect(itemError({ kind: 'delay', ms: 10_000_000 }, false)).toBe('delayRange');
    expect(itemError({ kind: 'image', source: { url: 'javascript:alert(1)' } }, false)).toBe('url');
    expect(itemError({ kind: 'video', source: { url: 'https://v.de/a.mp4' } }, false)).toBeNull();
    expect(itemError({ kind: 'link', url: 'https://x.de', label: 'a|link_klick_name:b' }, false)).toBeNull();
    expect(itemErrors(fromContent('a§§b'))).toEqual([null, null]);
  });

  it('moves items', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  it('inserts a variable chip at the caret', () => {
    expect(insertVariable('Hallo !', 6, 6, 'name')).toEqual({ text: 'Hallo {{name}}!', caret: 14 });
    expect(insertVariable('abc', 1, 2, 'x')).toEqual({ text: 'a{{x}}c', caret: 6 });
  });

  it('reads delays in seconds, stores milliseconds (SPEC §9)', () => {
    expect(secondsInput('1,5')).toBe(1500);
    expect(secondsInput('0.25')).toBe(250);
    expect(secondsInput('')).toBeUndefined();
    expect(secondsInput('x')).toBeUndefined();
  });
});

describe('savedItems', () => {
  it('leaves an empty media bubble out of what is saved, without blocking the rest', () => {
    const items = [...fromContent('Hallo'), newItem('image'), ...fromContent('#500#')];
    const saved = savedItems(items);
    expect(saved.blocked).toBe(false);
    expect(toContent(saved.items)).toBe('Hallo§§#500#');
  });

  it('is blocked by any other invalid bubble', () => {
    const items = [...fromContent('Hallo'), newItem('video'), newItem('link')];
    expect(savedItems(items).blocked).toBe(true);
  });
});
