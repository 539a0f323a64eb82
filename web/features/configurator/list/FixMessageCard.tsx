import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useController } from '../context.ts';
import { useConfiguratorStore } from '../store.ts';
import { TextContentEditor } from '../text-content/TextContentEditor.tsx';
import { TextPreview } from '../text-content/TextPreview.tsx';
import { RowIconButton } from './RowIconButton.tsx';

/** The welcome before the first block and the ending after the last (the fix messages). */
export function FixMessageCard({ which }: { which: 'welcome' | 'ending' }) {
  const { t } = useTranslation();
  const controller = useController();
  const value = useConfiguratorStore((s) => s.dialog?.[which] ?? '');
  const [open, setOpen] = useState(false);
  const label = t(`configurator.list.${which}`);
  return (
    <Paper
      variant="outlined"
      sx={{ bgcolor: 'action.hover' }}
      data-testid={`fix-${which}`}
      aria-label={label}
      role="region"
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, px: 1, py: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 700, minWidth: 146 }}>
          {label}
        </Typography>
        <Box sx={{ flexGrow: 1, minWidth: 0, cursor: 'pointer', py: 0.5 }} onClick={() => setOpen((v) => !v)}>
          <TextPreview content={value} empty={t('configurator.text.empty')} />
        </Box>
        <RowIconButton
          label={open ? t('configurator.list.collapse') : t('configurator.list.expand')}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
        </RowIconButton>
      </Stack>
      {open ? (
        <Box sx={{ px: 2, pb: 2 }}>
          <TextContentEditor
            label={label}
            value={value}
            onCommit={(v) => void controller.updateSettings(which, v)}
          />
        </Box>
      ) : null}
    </Paper>
  );
}
