import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { ChatMessage } from '../../../contract/chat.ts';
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
import { useFlaggedAnswers } from './use-flagged-answers.ts';

/** The author's test chat (mode test on the server): the stored one, or a new one. */
function testChatSource(surveyId: string): ChatSource {
  const api = chatApi(authorApi, surveyId);
  return { open: () => historyOrStart(api), history: api.history, answer: api.answer };
}

/** The top bar's 'Neu starten' (SPEC §2, §4): a fresh test chat on the server, then the page reloads. */
function useRestartOnEvent(surveyId: string): void {
  const restart = useShellEvents((s) => s.assessRestart);
  const seen = useRef(restart);
  useEffect(() => {
    if (restart === seen.current) return;
    seen.current = restart;
    chatApi(authorApi, surveyId)
      .restartDelete('restart', false)
      .then(
        () => window.location.reload(),
        (error: unknown) => {
          if (error instanceof ApiError) showApiError(error);
        },
      );
  }, [restart, surveyId]);
}

/**
 * /assess/{survey_id}: the same chat as respondents get, on the author's token (test answers are kept
 * apart from live ones). With feedback_allowed or training_mode each routed free-text answer can be
 * flagged as wrongly routed.
 */
export default function AssessScreen() {
  const { t } = useTranslation();
  const surveyId = useParams().survey_id ?? '';
  const { dialog, error } = useHeldDialog(surveyId);
  const look = useDialogLook(authorApi, surveyId);
  useRestartOnEvent(surveyId);
  const ready = look.status === 'ready' ? look.data : null;
  const texts = respondentTexts(ready?.language, ready?.address);
  const chat = useMemo(() => chatLook(ready?.config), [ready]);
  const source = useMemo(() => (ready ? testChatSource(surveyId) : null), [ready, surveyId]);
  const session = useChatSession(source, chat.speed, texts);
  const flagging = flaggingOn(ready?.config);
  const flags = useFlaggedAnswers(surveyId, flagging && session.state.phase === 'ready');
  const entryActions = useCallback(
    (message: ChatMessage, seq: number) => {
      const branches = routedBranches(dialog, message);
      return branches && message.unique_question_id ? (
        <FlagAnswerButton
          surveyId={surveyId}
          uniqueQuestionId={message.unique_question_id}
          seq={seq}
          branches={branches}
          {...(flags.has(seq) ? { flagged: flags.get(seq) ?? null } : {})}
        />
      ) : null;
    },
    [dialog, surveyId, flags],
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
      <ChatView
        session={session}
        look={chat}
        texts={texts}
        remember
        entryActions={flagging ? entryActions : undefined}
      />
    </Box>
  );
}
