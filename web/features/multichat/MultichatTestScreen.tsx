import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { authorApi } from '../../api/clients.ts';
import { chatLook } from '../../chat-kit/chat-look.ts';
import { respondentTexts } from '../../chat-kit/respondent-texts.ts';
import { historyOrStart } from '../../chat-kit/session/chat-sources.ts';
import { useChatSession } from '../../chat-kit/session/use-chat-session.ts';
import { useDialogLook } from '../../chat-kit/use-dialog-look.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useLoad } from '../../lib/use-load.ts';
import { GameChat } from './GameChat.tsx';
import { restartGame } from './game-actions.ts';
import { multichatApi } from './game-api.ts';
import { managerIdParam } from './game-param.ts';
import { multichatSource } from './game-sources.ts';
import { useGameSpeakers } from './use-game-speakers.ts';

/** What the test game needs of its manager: the game's title and its dialogs by order. */
interface TestedGame {
  game_title: string;
  survey_ids: string[];
}

/**
 * The manager by get_dialogmanager, not by the public game_meta: that leaves out the dialogs of a game
 * that is not live, and test mode plays those too. Its connected_surveys come by order; whoever may
 * test the game ('test' on every dialog) may view them all.
 */
async function loadTestedGame(managerId: number): Promise<TestedGame> {
  const manager = await authorApi.call(endpoints.dialogManager, { dialog_manager_id: managerId });
  return { game_title: manager.game_title, survey_ids: manager.connected_surveys.map((c) => c.survey_id) };
}

/**
 * The author's test game once its dialogs are known (mode test on the server, standard media hosts): a
 * group chat in which each dialog speaks as itself; inactive dialogs play too (test mode).
 */
function TestGame({ managerId, game }: { managerId: number; game: TestedGame }) {
  const { t } = useTranslation();
  const surveyIds = game.survey_ids;
  const startId = surveyIds[0] ?? '';
  const look = useDialogLook(authorApi, startId);
  const ready = look.status === 'ready' ? look.data : null;
  const texts = respondentTexts(ready?.language, ready?.address);
  const chat = useMemo(() => chatLook(ready?.config), [ready]);
  const { group } = useGameSpeakers(
    authorApi,
    { surveyIds, startId, title: game.game_title, mediaBase: null },
    ready?.config ?? null,
  );
  const source = useMemo(() => {
    if (!ready) return null;
    const api = multichatApi(authorApi, managerId);
    return multichatSource(api, () => historyOrStart(api));
  }, [ready, managerId]);
  const session = useChatSession(source, chat.speed, texts);
  const restart = useCallback(
    () => void restartGame(multichatApi(authorApi, managerId), () => {}),
    [managerId],
  );

  if (look.status === 'loading') return <PageLoading label={t('multichat.loading')} />;
  if (look.status !== 'ready') {
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error">{t('multichat.loadFailed')}</Alert>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <GameChat session={session} look={chat} group={group} texts={texts} remember onRestart={restart} />
    </Box>
  );
}

/**
 * /multi/{manager_id}: the author plays the game as the public would, on the author's token (test
 * answers, apart from live ones; 'test' on every connected dialog), with a restart.
 */
export default function MultichatTestScreen() {
  const { t } = useTranslation();
  const managerId = managerIdParam(useParams().manager_id ?? '');
  const load = useCallback(
    () => (managerId === null ? Promise.resolve(null) : loadTestedGame(managerId)),
    [managerId],
  );
  const meta = useLoad(load);
  if (meta.status === 'loading') return <PageLoading label={t('multichat.loading')} />;
  const game = meta.status === 'ready' ? meta.data : null;
  if (managerId === null || !game || game.survey_ids.length === 0) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error">
          {meta.status === 'failed' ? t('multichat.loadFailed') : t('multichat.notFound')}
        </Alert>
      </Box>
    );
  }
  return <TestGame key={managerId} managerId={managerId} game={game} />;
}
