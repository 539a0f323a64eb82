import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { delayToSeconds, type TextItem } from '../../../../contract/text-content.ts';
import { useMediaList } from '../media/media-api.ts';
import { useUnsavedDraft } from '../store.ts';
import { type ItemErrorKey, secondsInput } from './items.ts';
import { MediaSourceField } from './MediaSourceField.tsx';
import { TextItemField } from './TextItemField.tsx';

interface Props {
  index: number;
  count: number;
  item: TextItem;
  error: ItemErrorKey | null;
  variables: string[];
  /** Change without saving yet (typing). */
  onChange(item: TextItem): void;
  /** Change and save (leaving a field, picking a value). */
  onCommit(item: TextItem): void;
  onMove(direction: -1 | 1): void;
  onRemove(): void;
}

function DelayField({
  ms,
  error,
  onChange,
  onCommit,
}: { ms: number; error: string | null } & Pick<Props, 'onChange' | 'onCommit'>) {
  const { t, i18n } = useTranslation();
  const shown = delayToSeconds(ms).toLocaleString(i18n.language);
  const [draft, setDraft] = useState(shown);
  useEffect(() => setDraft(shown), [shown]);
  const parsed = secondsInput(draft);
  // A parsable draft reaches the editor's items at once; one that is not is reported here.
  useUnsavedDraft(draft !== shown && parsed === undefined, true);
  return (
    <TextField
      size="small"
      label={t('configurator.text.seconds')}
      value={draft}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      error={parsed === undefined || error !== null}
      helperText={parsed === undefined ? t('configurator.editor.notANumber') : error}
      onChange={(e) => {
        setDraft(e.target.value);
        const next = secondsInput(e.target.value);
        if (next !== undefined) onChange({ kind: 'delay', ms: next });
      }}
      onBlur={() => {
        if (parsed !== undefined) onCommit({ kind: 'delay', ms: parsed });
      }}
      sx={{ maxWidth: 200 }}
    />
  );
}

function LinkFields({
  item,
  error,
  onChange,
  onCommit,
}: { item: Extract<TextItem, { kind: 'link' }>; error: string | null } & Pick<
  Props,
  'onChange' | 'onCommit'
>) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      <TextField
        size="small"
        label={t('configurator.text.url')}
        value={item.url}
        error={error !== null}
        helperText={error}
        onChange={(e) => onChange({ ...item, url: e.target.value })}
        onBlur={() => onCommit(item)}
        sx={{ flexGrow: 1 }}
      />
      <TextField
        size="small"
        label={t('configurator.text.linkLabel')}
        value={item.label ?? ''}
        onChange={(e) => onChange({ ...item, label: e.target.value === '' ? null : e.target.value })}
        onBlur={() => onCommit(item)}
      />
    </Stack>
  );
}

function FileField({ filename, onCommit }: { filename: string; onCommit(item: TextItem): void }) {
  const { t } = useTranslation();
  const files = useMediaList().data ?? [];
  return (
    <TextField
      select
      size="small"
      label={t('configurator.text.uploaded')}
      value={files.some((f) => f.filename_db === filename) ? filename : ''}
      onChange={(e) => onCommit({ kind: 'file', filename: e.target.value })}
      sx={{ minWidth: 220 }}
    >
      <MenuItem value="">
        <em>{t('configurator.media.none')}</em>
      </MenuItem>
      {files.map((f) => (
        <MenuItem key={f.filename_db} value={f.filename_db}>
          {f.original_name || f.filename_db}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** One bubble of a text content: its fields by kind, and move and remove. */
export function TextItemEditor(props: Props) {
  const { t } = useTranslation();
  const { item, index, count, onChange, onCommit } = props;
  const error = props.error ? t(`configurator.text.errors.${props.error}`) : null;
  const kindLabel = t(`configurator.text.kinds.${item.kind}`);
  let body: ReactNode;
  switch (item.kind) {
    case 'text':
      body = (
        <TextItemField
          text={item.text}
          variables={props.variables}
          error={error}
          onChange={(text) => onChange({ kind: 'text', text })}
          onCommit={(text) => onCommit({ kind: 'text', text })}
        />
      );
      break;
    case 'delay':
      body = <DelayField ms={item.ms} error={error} onChange={onChange} onCommit={onCommit} />;
      break;
    case 'link':
      body = <LinkFields item={item} error={error} onChange={onChange} onCommit={onCommit} />;
      break;
    case 'file':
      body = <FileField filename={item.filename} onCommit={onCommit} />;
      break;
    default:
      body = (
        <MediaSourceField
          kind={item.kind}
          source={item.source}
          onChange={(source) => onChange({ kind: item.kind, source })}
          onCommit={(source) => onCommit({ kind: item.kind, source })}
        />
      );
  }
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={t('configurator.text.bubble', { n: index + 1, kind: kindLabel })}
      sx={{ p: 1, borderRadius: 2, bgcolor: item.kind === 'text' ? 'background.paper' : 'action.hover' }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="caption" color="text.secondary" sx={{ flexGrow: 1 }}>
          {kindLabel}
        </Typography>
        <IconButton
          size="small"
          aria-label={t('configurator.text.moveUp')}
          disabled={index === 0}
          onClick={() => props.onMove(-1)}
        >
          <ArrowUpwardIcon fontSize="inherit" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('configurator.text.moveDown')}
          disabled={index === count - 1}
          onClick={() => props.onMove(1)}
        >
          <ArrowDownwardIcon fontSize="inherit" />
        </IconButton>
        <IconButton size="small" aria-label={t('configurator.text.remove')} onClick={props.onRemove}>
          <CloseIcon fontSize="inherit" />
        </IconButton>
      </Stack>
      {body}
      {item.kind !== 'text' && item.kind !== 'delay' && item.kind !== 'link' && error ? (
        // An empty media bubble is not an error: it is left out of what is saved, and said so.
        <Typography
          variant="caption"
          color={props.error === 'mediaMissing' ? 'warning.dark' : 'error.textShade'}
          data-testid={props.error === 'mediaMissing' ? 'media-not-saved' : undefined}
        >
          {error}
        </Typography>
      ) : null}
    </Paper>
  );
}
