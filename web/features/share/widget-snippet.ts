/**
 * The embed snippet of a dialog (shown to authors in the Teilen area): one script tag that puts a chat
 * bubble on any web page; the bubble opens /widget/{survey_id} in an iframe (web/public/widget.js).
 * Authors may add to the tag (widget.js reads them): data-language="en" for the bubble's English labels
 * ('Open chat' / 'Close chat', German by default), data-label="…" for its name while closed and
 * data-color="#RRGGBB" for its colour (default #5ABAB2; anything else is ignored).
 */
export const escapeAttribute = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function widgetSnippet(surveyId: string, origin: string): string {
  const base = origin.replace(/\/+$/, '');
  return `<script src="${escapeAttribute(`${base}/widget.js`)}" data-survey-id="${escapeAttribute(surveyId)}" async></script>`;
}
