import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../contract/chat.ts';
import styles from '../../chat-kit/chat.module.css';
import { BotContent } from '../../chat-kit/MessageContent.tsx';
import { respondentTexts } from '../../chat-kit/respondent-texts.ts';
// The author's language (i18n), not a loaded dialog's: all respondent texts at hand.
import '../../chat-kit/respondent-texts-more.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useTranscript } from './analytics-api.ts';

/** Media in a transcript never plays by itself: the author reads it, nobody is chatting. */
const NO_AUTOPLAY = { autoplayAudio: false, autoplayVideo: false };

/** A read-only chat history with the chat's own bubbles (bot content rendered as in the live chat). */
export function Transcript({ messages }: { messages: ChatMessage[] }) {
  const { i18n } = useTranslation();
  const texts = respondentTexts(i18n.language);
  return (
    <div className={styles.chat} style={{ height: 'auto' }}>
      <div className={styles.list} role="log" aria-label={texts.chatLabel}>
        {messages.map((m, i) =>
          m.user_or_bot === 'user' ? (
            // Entries of a stored history never reorder: the index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <div key={i} className={styles.rowUser}>
              <p className={styles.bubbleUser}>{m.context}</p>
            </div>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <div key={i} className={styles.rowBot}>
              <BotContent context={m.context} texts={texts} playback={NO_AUTOPLAY} />
            </div>
          ),
        )}
      </div>
    </div>
  );
}

/** One respondent's transcript (POST /api/analytics/transcript) in a popup, titled with their 'Nr.'. */
export function TranscriptDialog(props: {
  surveyId: string;
  sessionId: number | null;
  number: number | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const transcript = useTranscript(props.surveyId, props.sessionId);
  return (
    <Dialog open={props.sessionId !== null} onClose={props.onClose} fullWidth maxWidth="md" scroll="paper">
      <DialogTitle>{t('analytics.respondents.transcriptOf', { number: props.number ?? '' })}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {transcript.isPending ? <PageLoading /> : null}
        {transcript.isError ? <Alert severity="error">{t('analytics.loadFailed')}</Alert> : null}
        {transcript.data ? <Transcript messages={transcript.data.messages} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
