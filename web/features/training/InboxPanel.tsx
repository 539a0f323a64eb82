import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BranchChoice } from './ExampleRow.tsx';
import { type InboxItem, type InboxOrder, orderInbox } from './inbox-order.ts';
import { percent } from './training-rules.ts';

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
 * flagging it ('Ihre Markierung'); both show where the chat routed the answer and how sure it was. The
 * author orders them newest or least sure first.
 */
export function InboxPanel({ items, branches, busy, labelOf, onAssign, onDismiss }: Props) {
  const { t, i18n } = useTranslation();
  const [order, setOrder] = useState<InboxOrder>('newest');
  const shown = orderInbox(items, order);
  return (
    <Paper variant="outlined" component="section" aria-label={t('training.inbox')} sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="h6" component="h2">
        {t('training.inbox')}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {t('training.inboxHint')}
      </Typography>
      {items.length > 1 ? (
        <ToggleButtonGroup
          size="small"
          exclusive
          value={order}
          aria-label={t('training.inboxOrder')}
          onChange={(_, value: InboxOrder | null) => value && setOrder(value)}
          sx={{ mb: 1.5 }}
        >
          <ToggleButton value="newest">{t('training.orderNewest')}</ToggleButton>
          <ToggleButton value="confidence">{t('training.orderConfidence')}</ToggleButton>
        </ToggleButtonGroup>
      ) : null}
      {items.length === 0 ? (
        <Typography color="text.secondary">{t('training.inboxEmpty')}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {shown.map((item) => (
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
              {item.routed ? (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  data-testid="inbox-routed"
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {t('training.routedAs', {
                    branch: labelOf(item.routed.branch),
                    confidence: percent(item.routed.confidence, i18n.language),
                  })}
                  {item.routed.reason ? (
                    <Box component="span" sx={{ display: 'block' }}>
                      {t('assess.reason', { reason: item.routed.reason })}
                    </Box>
                  ) : null}
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
