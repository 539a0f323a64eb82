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

/** The entries, newest first; scrolls sideways on a narrow screen rather than squeezing the columns. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation();
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('screens.Protokoll')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('audit.time')}</TableCell>
            <TableCell>{t('audit.user')}</TableCell>
            <TableCell>{t('audit.action')}</TableCell>
            <TableCell>{t('audit.dialog')}</TableCell>
            <TableCell>{t('audit.address')}</TableCell>
            <TableCell>{t('audit.details')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e) => (
            <TableRow key={e.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(e.at, 'Pp')}</TableCell>
              <TableCell>{e.actor_name || t('audit.unknownUser')}</TableCell>
              <TableCell>{isKnown(e.action) ? t(`audit.actions.${e.action}`) : e.action}</TableCell>
              <TableCell>{e.survey_id ?? '–'}</TableCell>
              <TableCell>{e.address}</TableCell>
              <TableCell sx={{ minWidth: 200, wordBreak: 'break-word' }}>{detailsText(e.details)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
