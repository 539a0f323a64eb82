import { widgetSnippet } from './widget-snippet.ts';

/** What widget.js takes as data-color; anything else it ignores (and the snippet leaves out). */
const COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * The Teilen screen's embed snippet: the widget's script tag with the dialog's accent colour as
 * data-color, so the bubble on the author's site has the dialog's colour instead of widget.js's
 * default. Without a valid colour (dialog not loaded yet) the plain snippet.
 */
export function embedSnippet(surveyId: string, origin: string, accentColor: unknown): string {
  const snippet = widgetSnippet(surveyId, origin);
  if (typeof accentColor !== 'string' || !COLOR.test(accentColor)) return snippet;
  const attribute = ` data-color="${accentColor.toUpperCase()}"`;
  // Beside the other data- attributes when the tag ends in async, else at the end of the opening tag
  // (attribute values are escaped, so the first '>' ends it).
  return snippet.includes(' async>')
    ? snippet.replace(' async>', `${attribute} async>`)
    : snippet.replace('>', `${attribute}>`);
}
