import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import type { VersionRef } from '../../../../contract/versions.ts';
import { useVersionDiff } from '../../../api/versions-api.ts';
import { SelectField } from '../../../components/SelectField.tsx';
import { DiffView } from './DiffView.tsx';

export interface DiffPair {
  from: VersionRef;
  to: VersionRef;
}

const refValue = (ref: VersionRef) => String(ref);
const parseRef = (value: string): VersionRef => (value === 'draft' ? 'draft' : Number(value));

/** 'Versionen vergleichen': any two versions, or a version and the draft, side by side in one list. */
export function VersionDiffDialog(props: {
  surveyId: string;
  numbers: readonly number[];
  pair: DiffPair | null;
  onPair(pair: DiffPair): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width:599.95px)');
  const { pair } = props;
  const diff = useVersionDiff(props.surveyId, pair?.from ?? null, pair?.to ?? null);
  const options = ['draft', ...props.numbers.map(String)];
  const label = (value: string) =>
    value === 'draft' ? t('versions.diff.draft') : t('versions.panel.version', { number: value });
  const side = (which: 'from' | 'to') =>
    pair ? (
      <SelectField
        label={t(`versions.diff.${which}`)}
        value={refValue(pair[which])}
        options={options}
        optionLabel={label}
        onChange={(v) => props.onPair({ ...pair, [which]: parseRef(v) })}
        sx={{ minWidth: 200, flex: 1 }}
      />
    ) : null;
  return (
    <Dialog
      open={pair !== null}
      onClose={props.onClose}
      aria-labelledby="version-diff-title"
      fullWidth
      maxWidth="md"
      fullScreen={phone}
    >
      <DialogTitle id="version-diff-title">{t('versions.diff.title')}</DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1, mb: 2 }}>
          {side('from')}
          {side('to')}
        </Stack>
        {pair && pair.from === pair.to ? <Alert severity="info">{t('versions.diff.pickTwo')}</Alert> : null}
        {diff.isFetching && !diff.data ? <LinearProgress aria-label={t('versions.diff.loading')} /> : null}
        {diff.isError ? <Alert severity="error">{t('versions.diff.failed')}</Alert> : null}
        {diff.data && pair?.from !== pair?.to ? <DiffView diff={diff.data} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
