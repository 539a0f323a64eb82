import {
  type MediaSource,
  mediaLocation,
  mediaSourceUrl,
  parse,
  type TextItem,
} from '../../contract/text-content.ts';
import styles from './chat.module.css';
import { safeLinkUrl, safeUrl } from './chat-look.ts';
import type { RespondentTexts } from './respondent-texts.ts';

/**
 * One bot entry's content (text-content encoding, SPEC §3), always rendered as React text and elements,
 * never as HTML: a text, an image, audio, video, a link button or a file; delays were the typing
 * indicator's time. Addresses that are not http(s) or this site's paths are shown as text. Texts take
 * their direction from their first strong character (dir="auto"): Hebrew or Arabic reads right to left.
 * {{variable}} values are filled in by the server (contract/chat.ts), so they arrive as plain text.
 */
export interface MediaPlayback {
  autoplayAudio: boolean;
  autoplayVideo: boolean;
}

/** Uploads are stored under random names (server/media/storage.ts newMediaFilename): they say nothing. */
const GENERATED_NAME = /^[A-Za-z0-9_-]{24}$/;

/**
 * What a media file's name says, for its alt text or label: the file name without folder and extension
 * ('sonnenuntergang_am_meer.jpg' → 'sonnenuntergang am meer'); null for a random upload name or none.
 */
export function mediaName(source: MediaSource): string | null {
  const raw = 'filename' in source ? source.filename : (source.url.split(/[?#]/)[0] ?? '');
  let name = raw.slice(raw.lastIndexOf('/') + 1);
  try {
    name = decodeURIComponent(name);
  } catch {
    // Not percent-encoded after all: the name as it is.
  }
  name = name.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  if (GENERATED_NAME.test(name) || !/\p{L}/u.test(name)) return null;
  return name.replace(/[_+]+/g, ' ').replace(/\s+/g, ' ').trim() || null;
}

function Item({
  item,
  texts,
  playback,
  mediaBase,
}: {
  item: TextItem;
  texts: RespondentTexts;
  playback: MediaPlayback;
  mediaBase: string | null;
}) {
  switch (item.kind) {
    case 'delay':
      return null;
    case 'text':
      return (
        <p className={styles.bubbleBot} dir="auto">
          {item.text}
        </p>
      );
    case 'link': {
      const href = safeLinkUrl(item.url);
      const label = item.label || texts.openLink;
      return href ? (
        <a className={styles.linkButton} href={href} target="_blank" rel="noopener noreferrer" dir="auto">
          {label}
        </a>
      ) : (
        <p className={styles.bubbleBot} dir="auto">{`${label}: ${item.url}`}</p>
      );
    }
    case 'file': {
      const href = mediaLocation(mediaSourceUrl({ filename: item.filename }), mediaBase);
      return (
        <p className={styles.bubbleBot} dir="auto">
          <a href={href} download={item.filename}>
            {`${texts.download}: ${item.filename}`}
          </a>
        </p>
      );
    }
    default: {
      const src = safeUrl(mediaLocation(mediaSourceUrl(item.source), mediaBase));
      if (!src) {
        return (
          <p className={styles.bubbleBot} dir="auto">
            {'url' in item.source ? item.source.url : ''}
          </p>
        );
      }
      const name = mediaName(item.source);
      if (item.kind === 'image') {
        return (
          <div className={styles.bubbleBot}>
            <img className={styles.media} src={src} alt={name ?? texts.image} loading="lazy" />
          </div>
        );
      }
      // Media elements have no name of their own: what they are, and the file's name where it says something.
      const label = (kind: string) => (name ? `${kind}: ${name}` : kind);
      if (item.kind === 'audio') {
        // Browsers may refuse autoplay with sound; the controls stay for playing it by hand.
        return (
          // biome-ignore lint/a11y/useMediaCaption: authors upload audio messages without caption files
          <audio
            className={styles.media}
            src={src}
            controls
            autoPlay={playback.autoplayAudio}
            aria-label={label(texts.audio)}
          />
        );
      }
      return (
        <video
          className={styles.media}
          src={src}
          aria-label={label(texts.video)}
          controls
          playsInline
          autoPlay={playback.autoplayVideo}
          muted={playback.autoplayVideo}
        />
      );
    }
  }
}

/** mediaBase: the game mode's media host (contract/text-content.ts mediaLocation); absent: standard mode. */
export function BotContent(props: {
  context: string;
  texts: RespondentTexts;
  playback: MediaPlayback;
  mediaBase?: string | null;
}) {
  const { texts, playback } = props;
  const mediaBase = props.mediaBase ?? null;
  return (
    <>
      {parse(props.context).map((item, i) => (
        // Items of one entry never reorder: the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Item key={i} item={item} texts={texts} playback={playback} mediaBase={mediaBase} />
      ))}
    </>
  );
}
