import { placeholderQuery } from './share-rules.ts';
import { escapeAttribute, widgetSnippet } from './widget-snippet.ts';

/** What widget.js takes as data-color; anything else it ignores (and the snippet leaves out). */
const COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * The Teilen screen's embed snippet: the widget's script tag with the dialog's accent colour as
 * data-color, so the bubble on the author's site has the dialog's colour instead of widget.js's
 * default, and, when the dialog has hidden fields, data-params with a placeholder per field
 * (`pid={{pid}}`) for the site or panel to fill in (issue 22). Without either the plain snippet.
 */
export function embedSnippet(
  surveyId: string,
  origin: string,
  accentColor: unknown,
  fieldNames: readonly string[] = [],
): string {
  const snippet = widgetSnippet(surveyId, origin);
  const color =
    typeof accentColor === 'string' && COLOR.test(accentColor)
      ? ` data-color="${accentColor.toUpperCase()}"`
      : '';
  // Escaped: between two fields the query's '&' is '&amp;' in the attribute (widget.js reads it as '&').
  const params =
    fieldNames.length > 0 ? ` data-params="${escapeAttribute(placeholderQuery(fieldNames))}"` : '';
  const attributes = color + params;
  if (attributes === '') return snippet;
  // Beside the other data- attributes when the tag ends in async, else at the end of the opening tag
  // (attribute values are escaped, so the first '>' ends it).
  return snippet.includes(' async>')
    ? snippet.replace(' async>', `${attributes} async>`)
    : snippet.replace('>', `${attributes}>`);
}
