import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { ChatMessage } from '../../../contract/chat.ts';
import type { TestVersion } from '../../../contract/versions.ts';
import { ApiError } from '../../api/client.ts';
import { authorApi } from '../../api/clients.ts';
import { ChatView } from '../../chat-kit/ChatView.tsx';
import { chatLook } from '../../chat-kit/chat-look.ts';
import { respondentTexts } from '../../chat-kit/respondent-texts.ts';
import { chatApi } from '../../chat-kit/session/chat-api.ts';
import { historyOrStart } from '../../chat-kit/session/chat-sources.ts';
import type { ChatSource } from '../../chat-kit/session/chat-types.ts';
import { useChatSession } from '../../chat-kit/session/use-chat-session.ts';
import { useDialogLook } from '../../chat-kit/use-dialog-look.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useHeldDialog } from '../../lib/held-dialog.ts';
import { showApiError } from '../../state/error.ts';
import { useShellEvents } from '../../state/shell-events.ts';
import { FlagAnswerButton } from './FlagAnswerButton.tsx';
import { flaggingOn, routedBranches } from './flag-rules.ts';
import { RoutingNote } from './RoutingNote.tsx';
import { TestVersionSwitch, testVersionOf } from './TestVersionSwitch.tsx';
import { useTestChatRouting } from './use-test-chat-routing.ts';

/** The author's test chat (mode test on the server): the stored one, or a new one on the chosen version. */
function testChatSource(surveyId: string, test: TestVersion): ChatSource {
  const api = chatApi(authorApi, surveyId, undefined, test);
  return { open: () => historyOrStart(api), history: api.history, answer: api.answer };
}

/**
 * A fresh test chat on the server on the given version, then the page loads again (with the version in
 * its address, so a reload stays on it).
 */
function restartTestChat(surveyId: string, test: TestVersion): void {
  chatApi(authorApi, surveyId, undefined, test)
    .restartDelete('restart', false)
    .then(
      () => {
        const url = new URL(window.location.href);
        if (test === 'published') url.searchParams.set('version', test);
        else url.searchParams.delete('version');
        window.location.replace(url.toString());
      },
      (error: unknown) => {
        if (error instanceof ApiError) showApiError(error);
      },
    );
}

/** The top bar's 'Neu starten' (SPEC §2, §4): a fresh test chat on the same version. */
function useRestartOnEvent(surveyId: string, test: TestVersion): void {
  const restart = useShellEvents((s) => s.assessRestart);
  const seen = useRef(restart);
  useEffect(() => {
    if (restart === seen.current) return;
    seen.current = restart;
    restartTestChat(surveyId, test);
  }, [restart, surveyId, test]);
}

/**
 * /assess/{survey_id}: the same chat as respondents get, on the author's token (test answers are kept
 * apart from live ones). Under each routed free-text answer the author sees the branch it took, how sure
 * and what decided; with feedback_allowed or training_mode it can be flagged as wrongly routed.
 */
export default function AssessScreen() {
  const { t } = useTranslation();
  const surveyId = useParams().survey_id ?? '';
  const { dialog, error } = useHeldDialog(surveyId);
  const look = useDialogLook(authorApi, surveyId);
  const [search] = useSearchParams();
  const test = testVersionOf(search);
  useRestartOnEvent(surveyId, test);
  const ready = look.status === 'ready' ? look.data : null;
  const texts = respondentTexts(ready?.language, ready?.address);
  const chat = useMemo(() => chatLook(ready?.config), [ready]);
  const source = useMemo(() => (ready ? testChatSource(surveyId, test) : null), [ready, surveyId, test]);
  const session = useChatSession(source, chat.speed, texts);
  const flagging = flaggingOn(ready?.config);
  const { flags, routes } = useTestChatRouting(
    surveyId,
    session.state.phase === 'ready',
    session.state.messages.length,
  );
  const entryActions = useCallback(
    (message: ChatMessage, seq: number) => {
      const branches = routedBranches(dialog, message);
      if (!branches || !message.unique_question_id) return null;
      const routed = routes.get(seq);
      return (
        <>
          {routed ? <RoutingNote routed={routed} /> : null}
          {flagging ? (
            <FlagAnswerButton
              surveyId={surveyId}
              uniqueQuestionId={message.unique_question_id}
              seq={seq}
              branches={branches}
              {...(routed ? { taken: routed.branch } : {})}
              {...(flags.has(seq) ? { flagged: flags.get(seq) ?? null } : {})}
            />
          ) : null}
        </>
      );
    },
    [dialog, surveyId, flags, routes, flagging],
  );

  if (error || look.status === 'notFound' || look.status === 'failed') {
    const missing = error?.status === 404 || look.status === 'notFound';
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error">{missing ? t('assess.notFound') : t('assess.loadFailed')}</Alert>
      </Box>
    );
  }
  if (look.status === 'loading') return <PageLoading label={t('assess.loading')} />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 'calc(100vh - 64px)' }}>
      <TestVersionSwitch
        surveyId={surveyId}
        value={test}
        onChange={(next) => restartTestChat(surveyId, next)}
      />
      <ChatView session={session} look={chat} texts={texts} remember entryActions={entryActions} />
    </Box>
  );
}
