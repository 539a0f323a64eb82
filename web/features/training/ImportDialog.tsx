import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportExamplesResponse } from '../../../contract/training.ts';
import { Popup } from '../../components/Popup.tsx';
import { reportCallError } from '../../lib/report-error.ts';
import { type ImportSource, useImportExamples } from './training-api.ts';
import { fieldError } from './training-rules.ts';

interface Props {
  surveyId: string;
  qid: string;
  /** Pasted lines into one branch (its label shown), or a label,text CSV file into the block. */
  source: ImportSource;
  title: string;
  labelOf(branch: string): string;
  onClose(): void;
}

/**
 * Many examples at once, checked before saving: 'Prüfen' asks the server what would happen (a dry run),
 * the popup lists repeats (skipped) and examples like one already there (added all the same); then the
 * author adds them. A bad row shows with its line at the field, in German, and nothing is saved.
 */
export function ImportDialog({ surveyId, qid, source, title, labelOf, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<ImportExamplesResponse | null>(null);
  const call = useImportExamples(surveyId, qid);
  const changed = (next: string) => {
    setText(next);
    setReport(null);
    setError(null);
  };
  const run = (dryRun: boolean) =>
    call.mutateAsync({ ...source, text, dry_run: dryRun }).then(
      (result) => (dryRun ? setReport(result) : onClose()),
      (failure: unknown) => {
        const atField = fieldError(failure);
        if (atField === null) reportCallError(t('training.errors.import'), failure);
        setError(atField);
      },
    );
  const toAdd = report?.rows.filter((r) => r.status !== 'duplicate').length ?? 0;
  const notes = report?.rows.filter((r) => r.status !== 'new') ?? [];
  return (
    <Popup open onClose={onClose} titleId={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {source.format === 'lines' ? (
          <TextField
            fullWidth
            multiline
            minRows={6}
            maxRows={14}
            sx={{ mt: 1 }}
            label={t('training.importLines')}
            value={text}
            error={error !== null}
            helperText={error ?? t('training.importLinesHint')}
            onChange={(e) => changed(e.target.value)}
          />
        ) : (
          <Box>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {t('training.importCsvHint')}
            </Typography>
            <Button variant="outlined" component="label">
              {t('training.importChooseFile')}
              <input
                type="file"
                accept=".csv,text/csv"
                hidden
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  // Emptied, so choosing the same file again (corrected meanwhile) reads it again.
                  e.target.value = '';
                  if (!file) return;
                  setFileName(file.name);
                  void file.text().then(changed);
                }}
              />
            </Button>
            {fileName ? (
              <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
                {fileName}
              </Typography>
            ) : null}
            {error ? (
              <Alert severity="error" sx={{ mt: 1 }}>
                {error}
              </Alert>
            ) : null}
          </Box>
        )}
        {report ? <ImportReport report={report} toAdd={toAdd} notes={notes} labelOf={labelOf} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        {report ? (
          <Button variant="contained" disabled={toAdd === 0 || call.isPending} onClick={() => run(false)}>
            {t('training.importAdd', { count: toAdd })}
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={text.trim() === '' || call.isPending}
            onClick={() => run(true)}
          >
            {t('training.importCheck')}
          </Button>
        )}
      </DialogActions>
    </Popup>
  );
}

type Row = ImportExamplesResponse['rows'][number];

/** What a dry run found: how many are new, and each repeat or look-alike with its line. */
function ImportReport(props: {
  report: ImportExamplesResponse;
  toAdd: number;
  notes: Row[];
  labelOf(b: string): string;
}) {
  const { t } = useTranslation();
  const { report, toAdd, notes, labelOf } = props;
  const skipped = report.rows.length - toAdd;
  return (
    <Box role="status" data-testid="import-report" sx={{ mt: 2 }}>
      <Typography variant="body2">{t('training.importSummary', { count: toAdd, skipped })}</Typography>
      {notes.length > 0 ? (
        <Box component="ul" sx={{ pl: 2.5, my: 1, maxHeight: 240, overflowY: 'auto' }}>
          {notes.map((r) => (
            <Typography component="li" variant="body2" key={r.line} sx={{ overflowWrap: 'anywhere' }}>
              {t(r.status === 'duplicate' ? 'training.importDuplicate' : 'training.importSimilar', {
                line: r.line,
                text: r.text,
                like: r.like?.text ?? '',
                branch: labelOf(r.like?.branch ?? r.branch),
              })}
            </Typography>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
