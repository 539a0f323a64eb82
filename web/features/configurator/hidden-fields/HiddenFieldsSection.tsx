import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HiddenField } from '../../../../contract/hidden-fields.ts';
import { HIDDEN_FIELD_NAME, MAX_HIDDEN_FIELDS } from '../../../../contract/hidden-values.ts';
import { failureText } from '../../../lib/failure-text.ts';
import { SettingsSection } from '../settings/SettingsSection.tsx';
import { useHiddenFields, useSaveHiddenFields } from './hidden-fields-api.ts';

/** A row being edited: its key keeps React's rows apart while names change. */
type Row = HiddenField & { key: number };

let rowKeys = 0;
const asRow = (f: HiddenField): Row => ({ ...f, key: ++rowKeys });

/** The message of a row's name (the server's rules, checked before saving), or null. */
function nameIssue(rows: readonly Row[], row: Row): 'nameRule' | 'duplicate' | null {
  if (!HIDDEN_FIELD_NAME.test(row.name)) return 'nameRule';
  const lower = row.name.toLowerCase();
  return rows.some((r) => r !== row && r.name.toLowerCase() === lower) ? 'duplicate' : null;
}

/** 'Versteckte Felder' in the dialog's settings: the link parameters a chat starts with (issue 22). */
export function HiddenFieldsSection({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation();
  const stored = useHiddenFields(surveyId);
  const save = useSaveHiddenFields(surveyId);
  const [rows, setRows] = useState<Row[]>([]);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    if (stored.data) setRows(stored.data.fields.map(asRow));
  }, [stored.data]);

  const change = (key: number, patch: Partial<HiddenField>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const invalid = rows.some((r) => nameIssue(rows, r) !== null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNote(null);
    save.mutate(
      rows.map(({ name, required }) => ({ name, required })),
      {
        onSuccess: () => setNote({ ok: true, text: t('panel.saved') }),
        onError: (error) => setNote({ ok: false, text: failureText(t('panel.saveFailed'), error) }),
      },
    );
  };

  return (
    <SettingsSection
      title={t('panel.hiddenTitle')}
      intro={t('panel.hiddenIntro', { placeholder: '{{name}}' })}
    >
      <Stack component="form" spacing={1} onSubmit={submit}>
        {rows.map((row) => {
          const issue = row.name === '' ? null : nameIssue(rows, row);
          return (
            <Stack key={row.key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                size="small"
                label={t('panel.fieldName')}
                value={row.name}
                onChange={(e) => change(row.key, { name: e.target.value.trim() })}
                error={issue !== null}
                helperText={issue ? t(`panel.${issue}`) : undefined}
                sx={{ flex: 1 }}
              />
              <FormControlLabel
                label={t('panel.required')}
                control={
                  <Checkbox
                    checked={row.required}
                    onChange={(e) => change(row.key, { required: e.target.checked })}
                  />
                }
              />
              <IconButton
                aria-label={t('panel.removeField', { name: row.name })}
                onClick={() => setRows((rs) => rs.filter((r) => r.key !== row.key))}
              >
                <DeleteOutlinedIcon />
              </IconButton>
            </Stack>
          );
        })}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            startIcon={<AddIcon />}
            disabled={rows.length >= MAX_HIDDEN_FIELDS}
            onClick={() => setRows((rs) => [...rs, asRow({ name: '', required: false })])}
          >
            {t('panel.addField')}
          </Button>
          <Button type="submit" variant="outlined" disabled={invalid || save.isPending}>
            {t('panel.save')}
          </Button>
        </Box>
        {note ? (
          <Alert severity={note.ok ? 'success' : 'error'} onClose={() => setNote(null)}>
            {note.text}
          </Alert>
        ) : null}
      </Stack>
    </SettingsSection>
  );
}
