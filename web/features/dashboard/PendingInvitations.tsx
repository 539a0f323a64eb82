import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingInvitation } from '../../../contract/sharing.ts';
import { LazyDoneSnackbar } from '../../components/LazyDoneSnackbar.tsx';
import { useAnswerInvitation, usePendingInvitations } from './invitations-api.ts';

/** The dashboard's invitations that wait for an answer; nothing when there are none. */
export function PendingInvitations() {
  const { t } = useTranslation();
  const invitations = usePendingInvitations();
  const answer = useAnswerInvitation((accept) =>
    t(accept ? 'invitations.acceptFailed' : 'invitations.declineFailed'),
  );
  const [done, setDone] = useState<string | null>(null);
  const snackbar = <LazyDoneSnackbar message={done} onClose={() => setDone(null)} />;
  if (!invitations.data?.length) return snackbar;

  const respond = (item: PendingInvitation, accept: boolean) =>
    answer.mutate(
      { accept, survey_id: item.survey_id },
      { onSuccess: () => setDone(t(accept ? 'invitations.accepted' : 'invitations.declined')) },
    );

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 2 }}
      component="section"
      aria-labelledby="pending-invitations-title"
    >
      <Typography variant="h6" component="h2" id="pending-invitations-title" gutterBottom>
        {t('invitations.title')}
      </Typography>
      <Stack spacing={1}>
        {invitations.data.map((item) => (
          <Stack
            sx={{ alignItems: { sm: 'center' } }}
            key={item.survey_id}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            data-testid="pending-invitation"
          >
            <Typography variant="body2" sx={{ flexGrow: 1 }}>
              {item.invited_by_name
                ? t('invitations.text', {
                    by: item.invited_by_name,
                    name: item.survey_name,
                    role: t(`share.roles.${item.role}`),
                  })
                : t('invitations.textAnonymous', {
                    name: item.survey_name,
                    role: t(`share.roles.${item.role}`),
                  })}
            </Typography>
            <Stack direction="row" spacing={1}>
              <Button
                variant="contained"
                size="small"
                disabled={answer.isPending}
                onClick={() => respond(item, true)}
              >
                {t('invitations.accept')}
              </Button>
              <Button size="small" disabled={answer.isPending} onClick={() => respond(item, false)}>
                {t('invitations.decline')}
              </Button>
            </Stack>
          </Stack>
        ))}
      </Stack>
      {snackbar}
    </Paper>
  );
}
