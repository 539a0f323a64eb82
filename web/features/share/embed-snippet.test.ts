// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { embedSnippet } from './embed-snippet.ts';
import { widgetSnippet } from './widget-snippet.ts';

/** The script tag as the browser parses it (web/public/widget.js reads its dataset). */
function parsedTag(snippet: string): HTMLScriptElement {
  const template = document.createElement('template');
  template.innerHTML = snippet;
  return template.content.querySelector('script')!;
}

/** The colour as web/public/widget.js reads it from the tag (its data-color rule). */
function widgetColor(snippet: string): string {
  const color = parsedTag(snippet).dataset.color ?? '';
  return /^#[0-9a-fA-F]{6}$/.test(color) ? color : '#5ABAB2';
}

describe('embed snippet of the Teilen screen', () => {
  it("carries the dialog's accent colour as data-color", () => {
    const snippet = embedSnippet('abc123', 'https://dialoge.example.org', '#ee6f2d');
    expect(snippet).toBe(
      '<script src="https://dialoge.example.org/widget.js" data-survey-id="abc123" data-color="#EE6F2D" async></script>',
    );
    expect(widgetColor(snippet)).toBe('#EE6F2D');
  });

  it('is the plain snippet without a valid colour (not loaded, empty, not #RRGGBB)', () => {
    for (const color of [undefined, null, '', 'red', '#abc', '#12345G', '#123456"><script>', 42]) {
      const snippet = embedSnippet('abc123', 'https://h.example', color);
      expect(snippet, String(color)).toBe(widgetSnippet('abc123', 'https://h.example'));
      expect(widgetColor(snippet)).toBe('#5ABAB2');
    }
  });

  it('keeps the escaping of the dialog id', () => {
    const snippet = embedSnippet('a"><b', 'https://h.example', '#000000');
    expect(snippet).toBe(
      '<script src="https://h.example/widget.js" data-survey-id="a&quot;&gt;&lt;b" data-color="#000000" async></script>',
    );
  });

  it("writes the dialog's hidden fields as placeholders into data-params", () => {
    const one = embedSnippet('abc123', 'https://h.example', '#ee6f2d', ['pid']);
    expect(one).toBe(
      '<script src="https://h.example/widget.js" data-survey-id="abc123" data-color="#EE6F2D" data-params="pid={{pid}}" async></script>',
    );
    const two = embedSnippet('abc123', 'https://h.example', undefined, ['pid', 'src']);
    expect(two).toBe(
      '<script src="https://h.example/widget.js" data-survey-id="abc123" data-params="pid={{pid}}&amp;src={{src}}" async></script>',
    );
    // What widget.js reads: the query the panel link carries, placeholders literal.
    expect(parsedTag(two).dataset.params).toBe('pid={{pid}}&src={{src}}');
    expect(parsedTag(two).dataset.surveyId).toBe('abc123');
  });

  it('has no data-params without hidden fields', () => {
    expect(embedSnippet('abc123', 'https://h.example', '#000000', [])).not.toContain('data-params');
  });
});
