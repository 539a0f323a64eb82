// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdown.ts';

describe('info page markdown', () => {
  it('renders headings, lists and links', () => {
    const html = markdownToHtml('## Kontakt\n\n- Musterstraße 1\n\n[Mail](mailto:info@example.org)');
    expect(html).toContain('<h2>Kontakt</h2>');
    expect(html).toContain('<li>Musterstraße 1</li>');
    expect(html).toContain('href="mailto:info@example.org"');
  });
  it('drops scripts and event handlers', () => {
    const html = markdownToHtml('<script>alert(1)</script><img src="x" onerror="alert(1)">');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
  });
});
