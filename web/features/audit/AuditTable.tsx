import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '../../../contract/audit.ts';
import { formatDate } from '../../i18n/date.ts';

const isKnown = (action: string): action is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);

/** 'name: Skript, scopes: read, export': an entry's details as a reader takes them in. */
const detailsText = (details: Record<string, unknown>) =>
  Object.entries(details)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join(' · ');

const COLUMNS = ['time', 'user', 'action', 'dialog', 'address', 'details'] as const;
type Column = (typeof COLUMNS)[number];
const CELL_STYLE: Partial<Record<Column, object>> = {
  time: { whiteSpace: 'nowrap' },
  details: { minWidth: 200, wordBreak: 'break-word' },
};

/** The entries, newest first; scrolls sideways on a narrow screen rather than squeezing the columns. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation();
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('screens.Protokoll')}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column}>{t(`audit.${column}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e) => {
            const cells: Record<Column, string> = {
              time: formatDate(e.at, 'Pp'),
              user: e.actor_name || t('audit.unknownUser'),
              action: isKnown(e.action) ? t(`audit.actions.${e.action}`) : e.action,
              dialog: e.survey_id ?? '–',
              address: e.address,
              details: detailsText(e.details),
            };
            return (
              <TableRow key={e.id}>
                {COLUMNS.map((column) => (
                  <TableCell key={column} sx={CELL_STYLE[column]}>
                    {cells[column]}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
