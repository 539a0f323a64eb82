// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { embedSnippet } from './embed-snippet.ts';
import { widgetSnippet } from './widget-snippet.ts';

/** The colour as web/public/widget.js reads it from the tag (its data-color rule). */
function widgetColor(snippet: string): string {
  const template = document.createElement('template');
  template.innerHTML = snippet;
  const script = template.content.querySelector('script')!;
  const color = script.dataset.color ?? '';
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
});
