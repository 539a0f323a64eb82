import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, type AuditAction } from '../../../contract/audit.ts';
import type { AuditForm } from './audit-filter.ts';

/** Aktion, Benutzer, Von, Bis, and the CSV export of what they select. */
export function AuditFilters(props: {
  form: AuditForm;
  onChange(form: AuditForm): void;
  onExport(): void;
  exporting: boolean;
}) {
  const { t } = useTranslation();
  const { form, onChange } = props;
  const set = (patch: Partial<AuditForm>) => onChange({ ...form, ...patch });
  const dateField = (key: 'from' | 'to') => (
    <TextField
      type="date"
      size="small"
      label={t(`audit.${key}`)}
      value={form[key]}
      onChange={(e) => set({ [key]: e.target.value })}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: { xs: '100%', sm: 170 } }}
    />
  );
  return (
    <Stack
      component="form"
      role="search"
      aria-label={t('audit.filters')}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: { sm: 'flex-start' } }}
      onSubmit={(e) => e.preventDefault()}
    >
      <TextField
        select
        size="small"
        label={t('audit.action')}
        value={form.action}
        onChange={(e) => set({ action: e.target.value as AuditAction | '' })}
        sx={{ minWidth: 240 }}
      >
        <MenuItem value="">{t('audit.anyAction')}</MenuItem>
        {AUDIT_ACTIONS.map((action) => (
          <MenuItem key={action} value={action}>
            {t(`audit.actions.${action}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={t('audit.user')}
        placeholder={t('audit.userHint')}
        value={form.user}
        onChange={(e) => set({ user: e.target.value })}
      />
      {dateField('from')}
      {dateField('to')}
      <Button variant="outlined" onClick={props.onExport} disabled={props.exporting}>
        {t('audit.exportCsv')}
      </Button>
    </Stack>
  );
}
