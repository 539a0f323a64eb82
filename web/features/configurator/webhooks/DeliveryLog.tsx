import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/date.ts';
import { useDeliveries } from './webhooks-api.ts';

/** A webhook's delivery log: time, event, status, duration, the receiver's answer; 'Erneut senden'. */
export function DeliveryLog({
  surveyId,
  id,
  onResend,
}: {
  surveyId: string;
  id: number;
  onResend: (deliveryId: number) => void;
}) {
  const { t } = useTranslation();
  const log = useDeliveries(surveyId, id);
  const deliveries = log.data?.deliveries ?? [];
  if (log.isSuccess && deliveries.length === 0) {
    return <Typography variant="body2">{t('webhooks.noDeliveries')}</Typography>;
  }
  return (
    <Table size="small" aria-label={t('webhooks.log')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('webhooks.time')}</TableCell>
          <TableCell>{t('webhooks.event')}</TableCell>
          <TableCell>{t('webhooks.status')}</TableCell>
          <TableCell>{t('webhooks.duration')}</TableCell>
          <TableCell>{t('webhooks.response')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {deliveries.map((d) => (
          <TableRow key={d.id}>
            <TableCell>{formatDate(d.last_attempt_at ?? d.created_at, 'Pp')}</TableCell>
            {/* The event's German name; one without (the test event) as it is sent. */}
            <TableCell>{t(`webhooks.events.${d.event}`, { defaultValue: d.event })}</TableCell>
            <TableCell>
              {t(`webhooks.states.${d.status}`)}
              {d.response_status !== null ? ` (${d.response_status})` : ''}
              {d.attempts > 1 ? ` · ${t('webhooks.attempts', { count: d.attempts })}` : ''}
            </TableCell>
            <TableCell>{d.duration_ms === null ? '–' : `${d.duration_ms} ms`}</TableCell>
            <TableCell
              sx={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {d.response_excerpt ?? ''}
            </TableCell>
            <TableCell>
              <Button size="small" onClick={() => onResend(d.id)}>
                {t('webhooks.resend')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
