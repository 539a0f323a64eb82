import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDistanceToNow } from 'date-fns/formatDistanceToNow';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SurveyListItem } from '../../../contract/dialogs.ts';
import { dateLocale, formatDate } from '../../i18n/date.ts';
import { pathOf, SurveyActions } from './SurveyActions.tsx';
import { openableModules } from './survey-list.ts';

interface Props {
  item: SurveyListItem;
  onDuplicate(item: SurveyListItem): void;
  onDelete(item: SurveyListItem): void;
  duplicating: boolean;
}

/** One dialog: name, own role, live or inactive, participants, finished, last change, actions. */
export const SurveyRow = memo(function SurveyRow({ item, onDuplicate, onDelete, duplicating }: Props) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const first = openableModules(item)[0];
  const changed = new Date(item.updated_at);
  return (
    <TableRow hover data-testid="survey-row">
      <TableCell>
        {first ? (
          <Link
            component="button"
            type="button"
            underline="hover"
            sx={{ fontWeight: 600, textAlign: 'left' }}
            onClick={async () => navigate(await pathOf(first, item.survey_id))}
          >
            {item.survey_name}
          </Link>
        ) : (
          <Typography sx={{ fontWeight: 600 }}>{item.survey_name}</Typography>
        )}
        {item.pending_invite ? (
          <Chip size="small" label={t('dashboard.pendingInvite')} color="warning" sx={{ ml: 1 }} />
        ) : null}
      </TableCell>
      <TableCell>{t(`share.roles.${item.role}`)}</TableCell>
      <TableCell>
        <Chip
          size="small"
          label={item.active ? t('dashboard.live') : t('dashboard.inactive')}
          color={item.active ? 'success' : 'default'}
          variant={item.active ? 'filled' : 'outlined'}
        />
      </TableCell>
      <TableCell align="right">{item.participants}</TableCell>
      <TableCell align="right">{item.finished}</TableCell>
      <TableCell title={formatDate(changed, 'Pp', i18n.language)}>
        {formatDistanceToNow(changed, { addSuffix: true, locale: dateLocale(i18n.language) })}
      </TableCell>
      <TableCell align="right">
        <SurveyActions item={item} onDuplicate={onDuplicate} onDelete={onDelete} duplicating={duplicating} />
      </TableCell>
    </TableRow>
  );
});
