import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '../../../contract/audit.ts';
import { formatDate } from '../../i18n/date.ts';

const isKnown = (action: string): action is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);

/** Details whose values are a sharing role's key ('edit_train'), shown by the role's name. */
const ROLE_DETAILS = new Set(['new_role', 'role']);

/**
 * 'Rolle: Bearbeiten + Trainieren · Format: xlsx': an entry's details as a reader takes them in, the
 * calls' field names in the interface's language where known (the export keeps the raw ones).
 */
function detailsText(details: Record<string, unknown>, t: TFunction): string {
  return Object.entries(details)
    .map(([key, value]) => {
      const shown = Array.isArray(value) ? value.join(', ') : String(value);
      const label = t(`audit.detailKeys.${key}`, { defaultValue: key });
      return `${label}: ${ROLE_DETAILS.has(key) ? t(`share.roles.${shown}`, { defaultValue: shown }) : shown}`;
    })
    .join(' · ');
}

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
              details: detailsText(e.details, t),
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
