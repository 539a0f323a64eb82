import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/date.ts';
import { useController } from '../context.ts';
import { blockFieldLabelKey } from '../editor/block-field-labels.ts';
import { canRedo, canUndo, type HistoryEntry, titleKey } from '../model/history.ts';
import { SETTINGS_LABEL_KEYS } from '../settings/settings-labels.ts';
import { useConfiguratorStore } from '../store.ts';

/** Long condition texts are cut in the panel; the editor shows them whole. */
const DETAIL_CHARS = 40;
const shorten = (text: string) => (text.length > DETAIL_CHARS ? `${text.slice(0, DETAIL_CHARS - 1)}…` : text);

function useEntryDetail(entry: HistoryEntry): string {
  const { t } = useTranslation();
  const block = useConfiguratorStore((s) =>
    entry.type === 'question' || entry.type === 'gpt_condition'
      ? s.dialog?.all_questions.find((b) => b.unique_question_id === entry.unique_question_id)
      : undefined,
  );
  const where = block === undefined ? '' : `#${block.order}`;
  if (entry.type === 'version') return t('versions.history.detail', { number: entry.restored });
  if (entry.type === 'gpt_condition') {
    const text = entry.change === 'update' ? entry.new_value : entry.condition;
    return [where, `„${shorten(text)}“`].filter(Boolean).join(' · ');
  }
  // A setting (welcome and ending too) by its label in the settings form.
  if (entry.type !== 'question') {
    return Object.hasOwn(SETTINGS_LABEL_KEYS, entry.key) ? t(SETTINGS_LABEL_KEYS[entry.key]) : entry.key;
  }
  if (entry.change !== 'update') return where;
  const labelKey = blockFieldLabelKey(entry.key, block?.type);
  return [where, labelKey === null ? entry.key : t(labelKey)].filter(Boolean).join(' · ');
}

function EntryRow({ entry, undone }: { entry: HistoryEntry; undone: boolean }) {
  const { t, i18n } = useTranslation();
  const detail = useEntryDetail(entry);
  return (
    <ListItem dense divider sx={{ opacity: undone ? 0.55 : 1 }} data-testid="history-entry">
      <ListItemText
        primary={t(`configurator.history.titles.${titleKey(entry)}`)}
        secondary={[
          formatDate(entry.time, 'HH:mm:ss', i18n.language),
          detail,
          undone ? t('configurator.history.undone') : '',
        ]
          .filter(Boolean)
          .join(' · ')}
      />
    </ListItem>
  );
}

/** The change history (SPEC §2): newest first, with undo and redo. */
export function HistoryPanel() {
  const { t } = useTranslation();
  const controller = useController();
  const history = useConfiguratorStore((s) => s.history);
  const entries = history.entries.map((entry, i) => ({ entry, undone: i >= history.cursor })).reverse();
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          startIcon={<UndoIcon />}
          disabled={!canUndo(history)}
          onClick={() => void controller.undo()}
        >
          {t('configurator.toolbar.undo')}
        </Button>
        <Button
          size="small"
          startIcon={<RedoIcon />}
          disabled={!canRedo(history)}
          onClick={() => void controller.redo()}
        >
          {t('configurator.toolbar.redo')}
        </Button>
      </Stack>
      {entries.length === 0 ? (
        <Typography color="text.secondary">{t('configurator.history.empty')}</Typography>
      ) : (
        <List disablePadding aria-label={t('configurator.history.title')}>
          {entries.map(({ entry, undone }) => (
            <EntryRow key={entry.id} entry={entry} undone={undone} />
          ))}
        </List>
      )}
    </Stack>
  );
}
