import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ASSIGNABLE_ROLES, type AssignableRole } from '../../../contract/roles.ts';
import type { Member } from '../../../contract/sharing.ts';
import { SelectField } from '../../components/SelectField.tsx';
import { memberRowRules } from './share-rules.ts';

export interface MemberRowProps {
  member: Member;
  sharingPermission: 0 | 1;
  busy: boolean;
  onChangeRole(member: Member, role: AssignableRole): void;
  onRemove(member: Member): void;
  onResend(member: Member): void;
}

/** One member: name, role (a select for those who may change it), 'Du', pending state and actions. */
export function MemberRow({
  member,
  sharingPermission,
  busy,
  onChangeRole,
  onRemove,
  onResend,
}: MemberRowProps) {
  const { t } = useTranslation();
  const rules = memberRowRules(member, sharingPermission);
  const fullName = `${member.first_name} ${member.last_name}`.trim();
  const roleLabel = t(`share.roles.${member.role}`);

  return (
    <ListItem
      divider
      data-testid="member-row"
      data-member={member.name}
      sx={{ gap: 1, alignItems: 'center', px: 0, flexWrap: 'wrap' }}
    >
      <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
        <Typography variant="body2" noWrap title={member.name} sx={{ fontWeight: 500 }}>
          {fullName || member.name}
          {member.is_current_user ? (
            <Chip component="span" label={t('share.you')} size="small" sx={{ ml: 1 }} />
          ) : null}
        </Typography>
        {fullName ? (
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {member.name}
          </Typography>
        ) : null}
        {rules.pending ? (
          <Typography variant="caption" color="warning.textShade" component="div">
            {t('share.pending')}
            {rules.canResend ? (
              <>
                {' · '}
                <Link
                  component="button"
                  type="button"
                  variant="caption"
                  disabled={busy}
                  onClick={() => onResend(member)}
                >
                  {t('share.resend')}
                </Link>
              </>
            ) : null}
          </Typography>
        ) : null}
      </Box>
      {rules.canChangeRole && member.role !== 'owner' ? (
        <SelectField
          value={member.role}
          options={ASSIGNABLE_ROLES}
          optionLabel={(role) => t(`share.roles.${role}`)}
          disabled={busy}
          onChange={(role) => onChangeRole(member, role)}
          slotProps={{ htmlInput: { 'aria-label': t('share.changeRole', { name: member.name }) } }}
          sx={{ minWidth: 190 }}
        />
      ) : (
        <Typography variant="body2" color="text.secondary" data-testid="member-role">
          {roleLabel}
        </Typography>
      )}
      {rules.canRemove ? (
        <IconButton
          size="small"
          disabled={busy}
          onClick={() => onRemove(member)}
          aria-label={t('share.removeMember', { name: member.name })}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      ) : null}
    </ListItem>
  );
}
