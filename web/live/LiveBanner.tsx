import type { RespondentTexts } from '../chat-kit/respondent-texts.ts';
import { useCountdown } from '../components/use-countdown.ts';
import { useBannerStore } from '../state/banner.ts';
import styles from './live-app.module.css';

/**
 * The global banner of the respondent entry (SPEC §2, §4, §8): server_busy shows 6000 ms with a
 * progress bar; refresh reloads, close dismisses (both reset the server-busy state).
 */
export function LiveBanner({ texts }: { texts: RespondentTexts }) {
  const { show, text, severity, durationMs, shownAt, dismiss } = useBannerStore();
  const left = useCountdown(show ? durationMs : null, shownAt, dismiss);
  if (!show) return null;
  return (
    <div className={styles.bannerWrap}>
      <div
        className={`${styles.banner} ${styles[severity]}`}
        role={severity === 'error' ? 'alert' : 'status'}
      >
        <p className={styles.bannerText}>{text}</p>
        <button
          type="button"
          className={styles.bannerButton}
          onClick={() => {
            dismiss();
            window.location.reload();
          }}
        >
          {texts.reload}
        </button>
        <button type="button" className={styles.bannerButton} onClick={dismiss}>
          {texts.close}
        </button>
      </div>
      {durationMs ? (
        <div className={styles.progress}>
          <div className={styles.progressBar} style={{ width: `${left}%` }} />
        </div>
      ) : null}
    </div>
  );
}
