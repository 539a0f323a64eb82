import { useContext, useState } from 'react';
import { type LiveTopBarModel, liveTopBarModel } from '../../components/live-top-bar-rules.ts';
import { useDialogStore } from '../../state/dialog.ts';
import { useLiveAuthStore } from '../../state/live-auth.ts';
import { useShellEvents } from '../../state/shell-events.ts';
import { accentStyle } from '../chat-look.ts';
import { CompactHeader } from '../compact-header.ts';
import { Icon, type IconName } from '../icons.tsx';
import type { RespondentTexts } from '../respondent-texts.ts';
import { ConfirmPopup } from './ConfirmPopup.tsx';
import { InfoMenu, PrivacyItem } from './InfoMenu.tsx';
import { LiveLogo } from './LiveLogo.tsx';
import styles from './live-bar.module.css';
import { MenuButton } from './MenuButton.tsx';
import { PopupButton } from './PopupButton.tsx';

/** The top bar's content for one dialog; the chat screen carries out restart and cancel (shell events). */
function useBar(surveyId: string | undefined, texts: RespondentTexts) {
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
 * Restart and cancel with their confirm popups and the information menu (top bar and widget header);
 * in a narrow chat header all three in one menu.
 */
export function LiveActions({ surveyId, texts }: { surveyId: string | undefined; texts: RespondentTexts }) {
  const bar = useBar(surveyId, texts);
  const emit = useShellEvents((s) => s.emit);
  const compact = useContext(CompactHeader);
  if (compact) {
    return (
      <ActionsMenu
        bar={bar}
        label={texts.moreActions}
        onRestart={() => emit('liveRestart')}
        onDelete={() => emit('liveDelete')}
      />
    );
  }
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

/**
 * The same actions as menu items, each with the confirm popup of its button. The popups live outside
 * the menu, which closes (and unmounts) when an item is chosen.
 */
/** One action of the narrow header's menu (its confirm popup opens on click). */
function ActionItem(props: { icon: IconName; label: string; onClick(): void }) {
  return (
    <button type="button" className={styles.menuItem} role="menuitem" tabIndex={-1} onClick={props.onClick}>
      <Icon name={props.icon} />
      {props.label}
    </button>
  );
}

function ActionsMenu(props: { bar: LiveTopBarModel; label: string; onRestart(): void; onDelete(): void }) {
  const { restart, remove, privacy } = props.bar;
  const [confirming, setConfirming] = useState<'restart' | 'remove' | null>(null);
  if (!restart.popup && !remove.popup && !privacy.href) return null;
  const cancel = () => setConfirming(null);
  return (
    <>
      <MenuButton label={props.label} icon="more">
        {restart.popup ? (
          <ActionItem icon="restart" label={restart.title} onClick={() => setConfirming('restart')} />
        ) : null}
        {remove.popup ? (
          <ActionItem icon="close" label={remove.title} onClick={() => setConfirming('remove')} />
        ) : null}
        {privacy.href ? <PrivacyItem label={privacy.label} href={privacy.href} icon="info" /> : null}
      </MenuButton>
      {restart.popup ? (
        <ConfirmPopup
          open={confirming === 'restart'}
          popup={restart.popup}
          onCancel={cancel}
          onConfirm={() => {
            cancel();
            props.onRestart();
          }}
        />
      ) : null}
      {remove.popup ? (
        <ConfirmPopup
          open={confirming === 'remove'}
          popup={remove.popup}
          danger
          onCancel={cancel}
          onConfirm={() => {
            cancel();
            props.onDelete();
          }}
        />
      ) : null}
    </>
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

/**
 * The top bar's logo and actions inside the chat's header: a phone's one header (avatar, name, logo,
 * the actions menu). The chat around carries the accent colour for the confirm popups.
 */
export function ChatHeaderBar({ surveyId, texts }: { surveyId: string; texts: RespondentTexts }) {
  const bar = useBar(surveyId, texts);
  return (
    <>
      <LiveLogo value={bar.logo} alt={bar.logoAlt} small />
      <LiveActions surveyId={surveyId} texts={texts} />
    </>
  );
}
