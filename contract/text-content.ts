/**
 * The text-content encoding of SPEC §3, used by a block's context, nachfrage and acknowledgement and by
 * the welcome and ending texts. One string holds several chat bubbles ("items") joined by the double
 * section sign. An item is one of:
 *   - a delay:  `#1500#` waits 1500 ms before the next item (shown to authors in seconds)
 *   - media:    `image:<src>`, `audio:<src>`, `video:<src>`; `<src>` is `file:<filename_db>` for an
 *               uploaded file (served at /media/<filename_db>) or an external URL
 *   - a link:   `link_url:<url>` optionally followed by `|link_klick_name:<button label>`
 *   - a file:   `file:<filename_db>`, an uploaded file offered for download
 *   - text:     anything else; `{{variable}}` inside it is replaced by a stored answer (chips in the editor)
 *
 * parse() is total (every string decodes) and serialize(parse(s)) === s for every string, so the editor
 * can never corrupt what it loads. The other direction holds for items that respect the limits that
 * isEncodableItem() checks (the editor enforces them).
 */

export const ITEM_SEPARATOR = '§§';
export const MEDIA_KINDS = ['image', 'audio', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

const FILE_PREFIX = 'file:';
const LINK_PREFIX = 'link_url:';
const LINK_LABEL_MARK = '|link_klick_name:';
/** Seven digits at most (under 3 hours) and no leading zero, so a delay re-encodes to the same text. */
const DELAY = /^#(0|[1-9]\d{0,6})#$/;
export const MAX_DELAY_MS = 9_999_999;

/** Where an uploaded media file is served (server/routes/media.ts). */
export const MEDIA_URL_PREFIX = '/media/';

export type MediaSource = { filename: string } | { url: string };

export type TextItem =
  | { kind: 'text'; text: string }
  | { kind: 'delay'; ms: number }
  | { kind: MediaKind; source: MediaSource }
  | { kind: 'link'; url: string; label: string | null }
  | { kind: 'file'; filename: string };

function parseSource(raw: string): MediaSource {
  return raw.startsWith(FILE_PREFIX) ? { filename: raw.slice(FILE_PREFIX.length) } : { url: raw };
}

function parseItem(raw: string): TextItem {
  const delay = DELAY.exec(raw);
  if (delay) return { kind: 'delay', ms: Number(delay[1]) };
  for (const kind of MEDIA_KINDS) {
    if (raw.startsWith(`${kind}:`)) return { kind, source: parseSource(raw.slice(kind.length + 1)) };
  }
  if (raw.startsWith(LINK_PREFIX)) {
    const rest = raw.slice(LINK_PREFIX.length);
    const at = rest.indexOf(LINK_LABEL_MARK);
    return at === -1
      ? { kind: 'link', url: rest, label: null }
      : { kind: 'link', url: rest.slice(0, at), label: rest.slice(at + LINK_LABEL_MARK.length) };
  }
  if (raw.startsWith(FILE_PREFIX)) return { kind: 'file', filename: raw.slice(FILE_PREFIX.length) };
  return { kind: 'text', text: raw };
}

/** Decodes a text content; the empty string has no items. */
export function parse(content: string): TextItem[] {
  return content === '' ? [] : content.split(ITEM_SEPARATOR).map(parseItem);
}

function serializeSource(source: MediaSource): string {
  return 'filename' in source ? `${FILE_PREFIX}${source.filename}` : source.url;
}

export function serializeItem(item: TextItem): string {
  switch (item.kind) {
    case 'text':
      return item.text;
    case 'delay':
      return `#${item.ms}#`;
    case 'link':
      return item.label === null
        ? `${LINK_PREFIX}${item.url}`
        : `${LINK_PREFIX}${item.url}${LINK_LABEL_MARK}${item.label}`;
    case 'file':
      return `${FILE_PREFIX}${item.filename}`;
    default:
      return `${item.kind}:${serializeSource(item.source)}`;
  }
}

export function serialize(items: readonly TextItem[]): string {
  return items.map(serializeItem).join(ITEM_SEPARATOR);
}

/** What a content says in words (texts and link labels, one a line), without media, delays or markers. */
export function plainText(content: string): string {
  return parse(content)
    .flatMap((item) =>
      item.kind === 'text' ? [item.text] : item.kind === 'link' && item.label ? [item.label] : [],
    )
    .join('\n');
}

/**
 * Whether an item survives serialize + parse unchanged inside any list: no separator inside it and no
 * trailing section sign (it would merge with the following separator), text that does not look like
 * another kind, and link URLs without the label mark.
 */
export function isEncodableItem(item: TextItem): boolean {
  const raw = serializeItem(item);
  if (raw.includes(ITEM_SEPARATOR) || raw.endsWith('§')) return false;
  if (item.kind === 'delay') return Number.isInteger(item.ms) && item.ms >= 0 && item.ms <= MAX_DELAY_MS;
  if (item.kind === 'link' && item.url.includes(LINK_LABEL_MARK)) return false;
  if ((item.kind === 'image' || item.kind === 'audio' || item.kind === 'video') && 'url' in item.source) {
    if (item.source.url.startsWith(FILE_PREFIX)) return false;
  }
  return item.kind !== 'text' || parseItem(item.text).kind === 'text';
}

/** URL of a media source for <img>/<audio>/<video>. */
export function mediaSourceUrl(source: MediaSource): string {
  return 'filename' in source ? `${MEDIA_URL_PREFIX}${encodeURIComponent(source.filename)}` : source.url;
}

/**
 * SPEC §9 "media location hosts are rewritten by mode": in standard mode (mediaBase null) media load
 * from this site; in game mode from the game media host (GAME_MEDIA_BASE_URL, e.g. a CDN). Only this
 * site's uploads (/media/…) move; external addresses stay as the author wrote them.
 */
export function mediaLocation(url: string, mediaBase: string | null): string {
  if (mediaBase === null || !url.startsWith(MEDIA_URL_PREFIX)) return url;
  return `${mediaBase.replace(/\/+$/, '')}${url}`;
}

/** Delays are stored in milliseconds and shown in seconds (SPEC §9). */
export const delayToSeconds = (ms: number) => ms / 1000;
export const secondsToDelay = (seconds: number) => Math.round(seconds * 1000);

/** Name of a {{variable}}: letters, digits and underscore (the block field `variable` uses the same rule). */
export const VARIABLE_NAME = /^[A-Za-z0-9_]+$/;
const VARIABLE_CHIP = /\{\{([A-Za-z0-9_]+)\}\}/g;

export type TextSegment = { kind: 'text'; text: string } | { kind: 'variable'; name: string };

/** Splits a text item into plain runs and {{variable}} chips; joining them back gives the text. */
export function textSegments(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(VARIABLE_CHIP)) {
    if (match.index > last) segments.push({ kind: 'text', text: text.slice(last, match.index) });
    segments.push({ kind: 'variable', name: match[1]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

export function joinSegments(segments: readonly TextSegment[]): string {
  return segments.map((s) => (s.kind === 'text' ? s.text : `{{${s.name}}}`)).join('');
}

/** The variable names a text content refers to, in order of first use. */
export function referencedVariables(content: string): string[] {
  return [...new Set(Array.from(content.matchAll(VARIABLE_CHIP), (m) => m[1]!))];
}

export const PREVIEW_MAX_LENGTH = 100;
export const PREVIEW_MAX_ITEMS = 2;

/** SPEC §9: a preview shows only the first 2 items when the whole text is longer than 100 characters. */
export function preview(content: string): { items: TextItem[]; truncated: boolean } {
  const items = parse(content);
  if (content.length <= PREVIEW_MAX_LENGTH || items.length <= PREVIEW_MAX_ITEMS) {
    return { items, truncated: false };
  }
  return { items: items.slice(0, PREVIEW_MAX_ITEMS), truncated: true };
}
