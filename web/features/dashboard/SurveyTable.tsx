import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { SurveyListItem } from '../../../contract/dialogs.ts';
import { SurveyRow } from './SurveyRow.tsx';

interface Props {
  items: SurveyListItem[];
  onDuplicate(item: SurveyListItem): void;
  onDelete(item: SurveyListItem): void;
  duplicatingId: string | null;
}

const COLUMNS = ['name', 'role', 'status', 'participants', 'finished', 'updated', 'actions'] as const;
const RIGHT: ReadonlySet<string> = new Set(['participants', 'finished', 'actions']);

export function SurveyTable({ items, onDuplicate, onDelete, duplicatingId }: Props) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('dashboard.title')}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c} align={RIGHT.has(c) ? 'right' : 'left'}>
                {t(`dashboard.columns.${c}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <SurveyRow
              key={item.survey_id}
              item={item}
              onDuplicate={onDuplicate}
              onDelete={onDelete}
              duplicating={duplicatingId === item.survey_id}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
