import { useContext, useState } from 'react';
import type { LiveTopBarModel } from '../../components/live-top-bar-rules.ts';
import { useShellEvents } from '../../state/shell-events.ts';
import { CompactHeader } from '../compact-header.ts';
import { Icon, type IconName } from '../icons.tsx';
import type { RespondentTexts } from '../respondent-texts.ts';
import { ConfirmPopup } from './ConfirmPopup.tsx';
import { PrivacyItem } from './InfoMenu.tsx';
import { LiveActions, useBar } from './LiveActions.tsx';
import { LiveLogo } from './LiveLogo.tsx';
import styles from './live-bar.module.css';
import { MenuButton } from './MenuButton.tsx';

/**
 * The top bar's actions in the chat's header (the widget's, a phone's): as buttons of their own, or in
 * a narrow header all three in one menu. Apart from LiveActions.tsx, so the top bar of the respondent
 * entry's first paint does not carry the menu (it comes with the chat's chunk).
 */
export function HeaderActions(props: { surveyId: string | undefined; texts: RespondentTexts }) {
  return useContext(CompactHeader) ? <CompactActions {...props} /> : <LiveActions {...props} />;
}

function CompactActions({ surveyId, texts }: { surveyId: string | undefined; texts: RespondentTexts }) {
  const bar = useBar(surveyId, texts);
  const emit = useShellEvents((s) => s.emit);
  return (
    <ActionsMenu
      bar={bar}
      label={texts.moreActions}
      onRestart={() => emit('liveRestart')}
      onDelete={() => emit('liveDelete')}
    />
  );
}

/** One action of the narrow header's menu (its confirm popup opens on click). */
function ActionItem(props: { icon: IconName; label: string; onClick(): void }) {
  return (
    <button type="button" className={styles.menuItem} role="menuitem" tabIndex={-1} onClick={props.onClick}>
      <Icon name={props.icon} />
      {props.label}
    </button>
  );
}

/**
 * The same actions as menu items, each with the confirm popup of its button. The popups live outside
 * the menu, which closes (and unmounts) when an item is chosen.
 */
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

/**
 * The top bar's logo and actions inside the chat's header: a phone's one header (avatar, name, logo,
 * the actions menu). The chat around carries the accent colour for the confirm popups.
 */
export function ChatHeaderBar({ surveyId, texts }: { surveyId: string; texts: RespondentTexts }) {
  const bar = useBar(surveyId, texts);
  return (
    <>
      <LiveLogo value={bar.logo} alt={bar.logoAlt} small />
      <HeaderActions surveyId={surveyId} texts={texts} />
    </>
  );
}
