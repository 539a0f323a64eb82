import { describe, expect, it } from 'vitest';
import { widgetSnippet } from './widget-snippet.ts';

describe('embed snippet', () => {
  it('is one async script tag with the host and the dialog id', () => {
    expect(widgetSnippet('abc123', 'https://dialoge.example.org')).toBe(
      '<script src="https://dialoge.example.org/widget.js" data-survey-id="abc123" async></script>',
    );
  });

  it('drops a trailing slash of the origin', () => {
    expect(widgetSnippet('x', 'https://h.example/')).toContain('src="https://h.example/widget.js"');
  });

  it('escapes what would break out of the attributes', () => {
    const snippet = widgetSnippet('a"><script>alert(1)</script>', 'https://h.example');
    expect(snippet).toBe(
      '<script src="https://h.example/widget.js" data-survey-id="a&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" async></script>',
    );
  });
});
