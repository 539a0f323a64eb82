import { mediaLocation, mediaSourceUrl, parse, type TextItem } from '../../../contract/text-content.ts';
import styles from './chat.module.css';
import { safeLinkUrl, safeUrl } from './chat-look.ts';
import type { RespondentTexts } from './respondent-texts.ts';

/**
 * One bot entry's content (text-content encoding, SPEC §3), always rendered as React text and elements,
 * never as HTML: a text, an image, audio, video, a link button or a file; delays were the typing
 * indicator's time. Addresses that are not http(s) or this site's paths are shown as text.
 */
export interface MediaPlayback {
  autoplayAudio: boolean;
  autoplayVideo: boolean;
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
      return <p className={styles.bubbleBot}>{item.text}</p>;
    case 'link': {
      const href = safeLinkUrl(item.url);
      const label = item.label || texts.openLink;
      return href ? (
        <a className={styles.linkButton} href={href} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      ) : (
        <p className={styles.bubbleBot}>{`${label}: ${item.url}`}</p>
      );
    }
    case 'file': {
      const href = mediaLocation(mediaSourceUrl({ filename: item.filename }), mediaBase);
      return (
        <p className={styles.bubbleBot}>
          <a href={href} download={item.filename}>
            {`${texts.download}: ${item.filename}`}
          </a>
        </p>
      );
    }
    default: {
      const src = safeUrl(mediaLocation(mediaSourceUrl(item.source), mediaBase));
      if (!src) return <p className={styles.bubbleBot}>{'url' in item.source ? item.source.url : ''}</p>;
      if (item.kind === 'image') {
        return (
          <div className={styles.bubbleBot}>
            <img className={styles.media} src={src} alt={texts.image} loading="lazy" />
          </div>
        );
      }
      if (item.kind === 'audio') {
        // Browsers may refuse autoplay with sound; the controls stay for playing it by hand.
        // biome-ignore lint/a11y/useMediaCaption: authors upload audio messages without caption files
        return <audio className={styles.media} src={src} controls autoPlay={playback.autoplayAudio} />;
      }
      return (
        <video
          className={styles.media}
          src={src}
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
