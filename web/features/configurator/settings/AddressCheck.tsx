import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Address } from '../../../../contract/address-form.ts';
import { plainText } from '../../../../contract/text-content.ts';
import { useController } from '../context.ts';
import { type AddressFinding, addressFindings, convertible } from '../model/address-findings.ts';
import { useConfiguratorStore } from '../store.ts';

const FIELD_LABELS = {
  question: 'configurator.editor.gptQuestion',
  context: 'configurator.editor.context',
  nachfrage: 'configurator.editor.nachfrage',
  acknowledgement: 'configurator.editor.acknowledgement',
  welcome: 'configurator.settings.welcome',
  ending: 'configurator.settings.ending',
} as const;

/** Where a finding is: 'Block 3 · Text', or the welcome or ending. */
function usePlace() {
  const { t } = useTranslation();
  return (f: AddressFinding) =>
    f.block
      ? t('configurator.settings.addressPlace', { order: f.block.order, field: t(FIELD_LABELS[f.field]) })
      : t(FIELD_LABELS[f.field]);
}

/**
 * Under the form of address: the author's texts that still speak in the other form (Sie/Ihr/Ihnen vs
 * du/dein/dir), each linked to its place, and an offer to convert the sure cases, shown before and after
 * and saved only when the author confirms.
 */
export function AddressCheck({ surveyId, address }: { surveyId: string; address: Address }) {
  const { t } = useTranslation();
  const controller = useController();
  const dialog = useConfiguratorStore((s) => s.dialog);
  const findings = useMemo(() => (dialog ? addressFindings(dialog, address) : []), [dialog, address]);
  const changes = convertible(findings);
  const [reviewing, setReviewing] = useState(false);
  const place = usePlace();
  if (findings.length === 0) return null;
  const save = () => {
    for (const f of changes) {
      if (f.block) void controller.updateBlock(f.block, f.field, f.after);
      else if (f.field === 'welcome' || f.field === 'ending')
        void controller.updateSettings(f.field, f.after);
    }
    setReviewing(false);
  };
  const href = (f: AddressFinding) =>
    f.block
      ? `/configurator/${surveyId}?block=${encodeURIComponent(f.block.unique_question_id)}`
      : `/configurator/${surveyId}?panel=settings`;
  return (
    <Alert severity="warning" data-testid="address-check">
      <Typography variant="body2">
        {t(
          address === 'sie'
            ? 'configurator.settings.addressFoundDu'
            : 'configurator.settings.addressFoundSie',
          {
            count: findings.length,
          },
        )}
      </Typography>
      <Stack component="ul" sx={{ pl: 2, my: 1 }} spacing={0.5}>
        {findings.map((f) => (
          <li key={`${f.block?.unique_question_id ?? ''}:${f.field}`}>
            <Link component={RouterLink} to={href(f)}>
              {place(f)}
            </Link>
            {': '}
            {f.hits.map((h) => `„${h.found}“`).join(', ')}
          </li>
        ))}
      </Stack>
      {changes.length > 0 ? (
        <Button size="small" variant="outlined" onClick={() => setReviewing(true)}>
          {t('configurator.settings.addressConvert', { count: changes.length })}
        </Button>
      ) : null}
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('configurator.settings.addressManual')}
      </Typography>
      <Dialog
        open={reviewing}
        onClose={() => setReviewing(false)}
        aria-labelledby="address-review"
        fullWidth
        maxWidth="md"
      >
        <DialogTitle id="address-review">{t('configurator.settings.addressReview')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            {changes.map((f) => (
              <Stack
                key={`${f.block?.unique_question_id ?? ''}:${f.field}`}
                spacing={0.5}
                data-testid="address-change"
              >
                <Typography variant="subtitle2">{place(f)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('configurator.settings.addressBefore')}: {plainText(f.before)}
                </Typography>
                <Typography variant="body2">
                  {t('configurator.settings.addressAfter')}: {plainText(f.after)}
                </Typography>
              </Stack>
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setReviewing(false)}>{t('common.cancel')}</Button>
          <Button variant="contained" onClick={save}>
            {t('configurator.settings.addressSave', { count: changes.length })}
          </Button>
        </DialogActions>
      </Dialog>
    </Alert>
  );
}
