import { useEffect, useRef } from 'react';
import type { Address } from '../../chat-kit/respondent-texts.ts';
import { useShellEvents } from '../../state/shell-events.ts';

/**
 * What the actions need (the chat's API, its history, the exit page's address) comes with the chat's
 * chunk (LiveChat.tsx imports it too), so the first paint of the respondent entry does not load it.
 */
const actions = () => import('./live-actions.ts');

/** Carries out the top bar's restart and cancel (shell events) for the dialog on screen. */
export function useLiveShellActions(surveyId: string, language: string, address: Address): void {
  const restart = useShellEvents((s) => s.liveRestart);
  const remove = useShellEvents((s) => s.liveDelete);
  const seen = useRef({ restart, remove });
  useEffect(() => {
    if (restart === seen.current.restart) return;
    seen.current.restart = restart;
    void actions().then((a) => a.restartLiveChat(surveyId));
  }, [restart, surveyId]);
  useEffect(() => {
    if (remove === seen.current.remove) return;
    seen.current.remove = remove;
    void actions().then((a) => a.deleteLiveData(surveyId, language, address));
  }, [remove, surveyId, language, address]);
}
