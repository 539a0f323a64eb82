import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { inboxItemSchema } from '../../../contract/training.ts';
import type { BranchChoice } from './ExampleRow.tsx';
import { percent } from './training-rules.ts';

type InboxItem = z.infer<typeof inboxItemSchema>;

interface Props {
  items: readonly InboxItem[];
  branches: readonly BranchChoice[];
  busy: boolean;
  labelOf(branch: string): string;
  onAssign(id: number, branch: string): void;
  onDismiss(id: number): void;
}

/**
 * Unsure and flagged answers of the block; one click makes one an example of a branch or drops it. An
 * unsure answer shows the model's guess ('Vorschlag'), a flagged one the branch the author chose when
 * flagging it ('Ihre Markierung').
 */
export function InboxPanel({ items, branches, busy, labelOf, onAssign, onDismiss }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <Paper variant="outlined" component="section" aria-label={t('training.inbox')} sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="h6" component="h2">
        {t('training.inbox')}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {t('training.inboxHint')}
      </Typography>
      {items.length === 0 ? (
        <Typography color="text.secondary">{t('training.inboxEmpty')}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((item) => (
            <Stack component="li" key={item.id} spacing={0.5} aria-label={item.text}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{item.text}</Typography>
                <Chip
                  size="small"
                  color={item.flagged ? 'error' : 'warning'}
                  label={
                    item.flagged
                      ? t('training.flagged')
                      : t('training.unsure', { confidence: percent(item.confidence ?? 0, i18n.language) })
                  }
                />
              </Stack>
              {item.branch ? (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {item.flagged
                    ? t('training.flaggedChoice', { branch: labelOf(item.branch) })
                    : t('training.suggested', { branch: labelOf(item.branch) })}
                </Typography>
              ) : null}
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {branches.map((b) => (
                  <Button
                    key={b.branch}
                    size="small"
                    variant={b.branch === item.branch ? 'contained' : 'outlined'}
                    sx={{ maxWidth: '100%', overflowWrap: 'anywhere' }}
                    disabled={busy}
                    aria-label={t('training.assignTo', { branch: b.label })}
                    onClick={() => onAssign(item.id, b.branch)}
                  >
                    {b.label}
                  </Button>
                ))}
                <Button size="small" color="inherit" disabled={busy} onClick={() => onDismiss(item.id)}>
                  {t('training.dismiss')}
                </Button>
              </Stack>
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
