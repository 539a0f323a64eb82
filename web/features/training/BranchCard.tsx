import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NONE_BRANCH } from '../../../contract/training.ts';
import { ExampleField } from './ExampleField.tsx';
import { type BranchChoice, type ExampleChange, ExampleRow } from './ExampleRow.tsx';
import { cleanExample, countLevel, fieldError, missingExamples } from './training-rules.ts';

interface Example {
  id: number;
  text: string;
}

interface Props {
  branch: string;
  label: string;
  target: string;
  examples: readonly Example[];
  branches: readonly BranchChoice[];
  busy: boolean;
  /** Settles when the server answered; a refused text keeps the field and shows why (fieldError). */
  onAdd(text: string): Promise<unknown>;
  /** Stable callbacks (the rows are memoised on them): an example's new text or branch, removing it. */
  onUpdate(id: number, change: ExampleChange): Promise<unknown>;
  onRemove(id: number): void;
  /** Opens 'Mehrere einfügen': many examples of this branch at once, one per line. */
  onPasteMany(): void;
}

const LEVEL_COLOR = { more: 'warning', ok: 'info', good: 'success' } as const;

/**
 * A branch: its label, jump target, counter with hint, the examples, and a field that adds on Enter. The
 * field empties once the example is added; a refused one (too long, already in the branch) stays in it
 * with the reason below. The field keeps what is typed to itself, so a keystroke renders the field only,
 * not the card with its (memoised) example rows.
 */
export function BranchCard({
  branch,
  label,
  target,
  examples,
  branches,
  busy,
  onAdd,
  onUpdate,
  onRemove,
  onPasteMany,
}: Props) {
  const { t } = useTranslation();
  const count = examples.length;
  const level = countLevel(count);
  const missing = missingExamples(count);
  // 'keiner davon' needs no examples: unsure answers go there anyway.
  const optional = branch === NONE_BRANCH && count === 0;
  const hint = optional
    ? t('training.hintNoneOptional')
    : level === 'more'
      ? t('training.hintMore', { missing })
      : level === 'ok'
        ? t('training.hintOk', { missing })
        : t('training.hintGood');
  const severity = optional ? 'info' : LEVEL_COLOR[level];
  return (
    <Paper variant="outlined" component="section" aria-label={label} sx={{ p: 2, minWidth: 0 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h3" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {label}
        </Typography>
        <Chip
          size="small"
          color={optional ? 'default' : LEVEL_COLOR[level]}
          label={t('training.count', { count })}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t('training.jumpsTo', { target })}
      </Typography>
      <Alert severity={severity} sx={{ my: 1, py: 0 }}>
        {hint}
      </Alert>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-label={`${t('training.examples')}: ${label}`}
      >
        {examples.map((e) => (
          <ExampleRow
            key={e.id}
            id={e.id}
            text={e.text}
            branch={branch}
            branches={branches}
            disabled={busy}
            onUpdate={onUpdate}
            onRemove={onRemove}
          />
        ))}
      </Box>
      <NewExampleField label={label} onAdd={onAdd} />
      <Button size="small" onClick={onPasteMany} sx={{ mt: 0.5 }}>
        {t('training.pasteMany')}
      </Button>
    </Paper>
  );
}

/** The card's 'Neues Beispiel' field with its button; what is typed stays in here. */
function NewExampleField({ label, onAdd }: { label: string; onAdd(text: string): Promise<unknown> }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    const text = cleanExample(draft);
    if (!text) return;
    // Cleared at once so the next example can be typed while this one saves; a refused one comes back.
    setError(null);
    setDraft('');
    onAdd(text).catch((failure: unknown) => {
      setDraft((now) => (now === '' ? draft : now));
      setError(fieldError(failure));
    });
  };
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1, minWidth: 0 }}>
      <ExampleField
        fullWidth
        label={t('training.newExample', { label })}
        helperText={t('training.newExampleHint')}
        error={error}
        value={draft}
        onType={(text) => {
          setDraft(text);
          setError(null);
        }}
        onSubmit={add}
      />
      <Button
        variant="outlined"
        onClick={add}
        disabled={!cleanExample(draft)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('training.add')}
      </Button>
    </Stack>
  );
}
