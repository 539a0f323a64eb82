import AttachFileIcon from '@mui/icons-material/AttachFile';
import AudiotrackIcon from '@mui/icons-material/Audiotrack';
import ImageIcon from '@mui/icons-material/Image';
import LinkIcon from '@mui/icons-material/Link';
import NotesIcon from '@mui/icons-material/Notes';
import TimerIcon from '@mui/icons-material/Timer';
import VideocamIcon from '@mui/icons-material/Videocam';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ITEM_KINDS, type ItemKind } from './items.ts';

const ICONS: Record<ItemKind, ReactElement> = {
  text: <NotesIcon fontSize="small" />,
  delay: <TimerIcon fontSize="small" />,
  image: <ImageIcon fontSize="small" />,
  audio: <AudiotrackIcon fontSize="small" />,
  video: <VideocamIcon fontSize="small" />,
  link: <LinkIcon fontSize="small" />,
  file: <AttachFileIcon fontSize="small" />,
};

/** Adds a bubble of each kind of SPEC §3's encoding. */
export function AddItemBar({ onAdd, label }: { onAdd(kind: ItemKind): void; label: string }) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 0.5 }}
      role="toolbar"
      aria-label={`${label}: ${t('configurator.text.add')}`}
    >
      {ITEM_KINDS.map((kind) => (
        <Button key={kind} size="small" variant="text" startIcon={ICONS[kind]} onClick={() => onAdd(kind)}>
          {t(`configurator.text.kinds.${kind}`)}
        </Button>
      ))}
    </Stack>
  );
}
