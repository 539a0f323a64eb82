import DOMPurify from 'dompurify';
import { marked } from 'marked';

/** Markdown of an info page to safe HTML (GitHub-flavoured, sanitised). */
export function markdownToHtml(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return DOMPurify.sanitize(html);
}
