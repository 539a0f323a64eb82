/**
 * The embed snippet of a dialog (shown to authors in the Teilen area): one script tag that puts a chat
 * bubble on any web page; the bubble opens /widget/{survey_id} in an iframe (web/public/widget.js).
 */
const escapeAttribute = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function widgetSnippet(surveyId: string, origin: string): string {
  const base = origin.replace(/\/+$/, '');
  return `<script src="${escapeAttribute(`${base}/widget.js`)}" data-survey-id="${escapeAttribute(surveyId)}" async></script>`;
}
