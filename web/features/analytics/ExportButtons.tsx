import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '../../../contract/analytics.ts';

/** 'Excel exportieren' and 'CSV exportieren'; both disabled while an export runs. */
export function ExportButtons(props: { running: ExportFormat | null; onExport(format: ExportFormat): void }) {
  const { t } = useTranslation();
  const button = (format: ExportFormat, label: string) => (
    <Button
      variant={format === 'xlsx' ? 'contained' : 'outlined'}
      startIcon={<DownloadIcon />}
      disabled={props.running !== null}
      onClick={() => props.onExport(format)}
    >
      {props.running === format ? t('analytics.export.running') : label}
    </Button>
  );
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {button('xlsx', t('analytics.export.excel'))}
      {button('csv', t('analytics.export.csv'))}
    </Box>
  );
}
