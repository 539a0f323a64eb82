import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssignableRole } from '../../../contract/roles.ts';
import type { Member } from '../../../contract/sharing.ts';
import { ItemConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DoneSnackbar } from '../../components/DoneSnackbar.tsx';
import { InviteForm } from './InviteForm.tsx';
import { MemberRow } from './MemberRow.tsx';
import { type SharingAction, useDialogPermissions, useSharingAction } from './share-api.ts';
import type { InviteFormValues } from './share-rules.ts';

export interface TeamPanelProps {
  surveyId: string;
  /** The member list's max height (SPEC §2: 40vh in the popup). */
  listMaxHeight?: string;
}

/** The content of 'Team & Berechtigungen': subtitle, invite form, member list, spinner. */
export function TeamPanel({ surveyId, listMaxHeight }: TeamPanelProps) {
  const { t } = useTranslation();
  const permissions = useDialogPermissions(surveyId);
  const action = useSharingAction(surveyId, (kind) => t(`share.errors.${kind}`));
  const [removing, setRemoving] = useState<Member | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // The action under way, set synchronously: the mutation's isPending reaches the screen a tick later,
  // so a double click (or a second action) in between would send a second call (a 409 on an invitation).
  const inFlight = useRef(false);
  const [running, setRunning] = useState<SharingAction['kind'] | null>(null);
  const busy = running !== null || action.isPending || permissions.isFetching;
  const sharing = permissions.data?.sharing_permission ?? 0;

  const run = async (a: SharingAction, doneText: string): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setRunning(a.kind);
    try {
      await action.mutateAsync(a);
      setDone(doneText);
      return true;
    } catch {
      // reported by the mutation's onError (global error alert)
      return false;
    } finally {
      inFlight.current = false;
      setRunning(null);
    }
  };
  const invite = (v: InviteFormValues) =>
    run({ kind: 'invite', name: v.email, new_role: v.role }, t('share.invited', { name: v.email }));
  const changeRole = (m: Member, role: AssignableRole) =>
    void run({ kind: 'change', name: m.name, new_role: role }, t('share.roleChanged'));
  const resend = (m: Member) =>
    void run(
      { kind: 'resend', name: m.name, new_role: m.role === 'owner' ? 'full' : m.role },
      t('share.resent', { name: m.name }),
    );

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('share.subtitle')}
      </Typography>
      {sharing === 1 ? <InviteForm busy={busy} inviting={running === 'invite'} onInvite={invite} /> : null}
      {permissions.isSuccess && sharing === 0 ? (
        <Typography variant="caption" color="text.secondary">
          {t('share.noPermission')}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {t('share.members')}
        </Typography>
        {busy ? (
          <CircularProgress size={16} aria-label={t('common.loading')} data-testid="team-busy" />
        ) : null}
      </Box>
      {permissions.isError ? <Alert severity="error">{t('share.loadFailed')}</Alert> : null}
      {permissions.data ? (
        <List
          dense
          disablePadding
          sx={{ maxHeight: listMaxHeight, overflowY: 'auto' }}
          aria-label={t('share.members')}
          aria-busy={busy}
        >
          {permissions.data.roles_current_survey_id.map((member) => (
            <MemberRow
              key={member.name}
              member={member}
              sharingPermission={sharing}
              busy={busy}
              onChangeRole={changeRole}
              onRemove={setRemoving}
              onResend={resend}
            />
          ))}
        </List>
      ) : null}
      <ItemConfirmDialog
        item={removing}
        onClose={() => setRemoving(null)}
        onConfirm={(m) => void run({ kind: 'remove', name: m.name }, t('share.removed'))}
        title={t('share.removeTitle')}
        text={t('share.removeText', { name: removing?.name ?? '' })}
        confirmLabel={t('share.remove')}
      />
      <DoneSnackbar message={done} onClose={() => setDone(null)} />
    </Stack>
  );
}
