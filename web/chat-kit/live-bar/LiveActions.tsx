import { liveTopBarModel } from '../../components/live-top-bar-rules.ts';
import { useDialogStore } from '../../state/dialog.ts';
import { useLiveAuthStore } from '../../state/live-auth.ts';
import { useShellEvents } from '../../state/shell-events.ts';
import { accentStyle } from '../chat-look.ts';
import type { RespondentTexts } from '../respondent-texts.ts';
import { InfoMenu } from './InfoMenu.tsx';
import { LiveLogo } from './LiveLogo.tsx';
import styles from './live-bar.module.css';
import { PopupButton } from './PopupButton.tsx';

/** The top bar's content for one dialog; the chat screen carries out restart and cancel (shell events). */
export function useBar(surveyId: string | undefined, texts: RespondentTexts) {
  const { dialog, clientConfig, fragments } = useDialogStore();
  const consented = useLiveAuthStore((s) => s.storage_accepted);
  return liveTopBarModel({
    consented,
    routeSurveyId: surveyId,
    dialog,
    clientConfig,
    fragments,
    fallback: { restart: texts.restart, delete: texts.cancel, privacy: texts.privacyTitle },
  });
}

/**
 * Restart and cancel with their confirm popups and the information menu (top bar and a wide chat
 * header; a narrow one puts them into one menu, HeaderActions.tsx).
 */
export function LiveActions({ surveyId, texts }: { surveyId: string | undefined; texts: RespondentTexts }) {
  const bar = useBar(surveyId, texts);
  const emit = useShellEvents((s) => s.emit);
  return (
    <div className={styles.actions}>
      <PopupButton
        title={bar.restart.title}
        icon="restart"
        popup={bar.restart.popup}
        onConfirm={() => emit('liveRestart')}
      />
      <PopupButton
        title={bar.remove.title}
        icon="close"
        popup={bar.remove.popup}
        danger
        onConfirm={() => emit('liveDelete')}
      />
      <InfoMenu title={texts.info} privacyLabel={bar.privacy.label} privacyHref={bar.privacy.href} />
    </div>
  );
}

/** The respondents' top bar of the light entry (SPEC §2): logo and the actions. */
export function LiveBar({ surveyId, texts }: { surveyId: string | undefined; texts: RespondentTexts }) {
  const bar = useBar(surveyId, texts);
  const accent = useDialogStore((s) => s.clientConfig?.config?.accent_color);
  return (
    <header className={styles.bar} style={accentStyle(accent)} data-testid="live-top-bar">
      <LiveLogo value={bar.logo} alt={bar.logoAlt} />
      <div className={styles.spacer} />
      <LiveActions surveyId={surveyId} texts={texts} />
    </header>
  );
}
