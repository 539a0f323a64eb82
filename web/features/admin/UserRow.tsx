import MoreVertIcon from '@mui/icons-material/MoreVert';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../contract/admin.ts';

export type RowAction = 'toggle' | 'expire' | 'reset' | 'delete';

/** One account with its state and an action menu. */
export function UserRow({
  user,
  busy,
  onAction,
}: {
  user: AdminUser;
  busy: boolean;
  onAction(a: RowAction, u: AdminUser): void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (a: RowAction) => {
    setAnchor(null);
    onAction(a, user);
  };
  return (
    <TableRow data-testid="admin-user-row" data-username={user.username}>
      <TableCell>{user.username}</TableCell>
      <TableCell>{`${user.first_name} ${user.last_name}`.trim()}</TableCell>
      <TableCell>
        {user.email ?? '–'}
        {user.email && !user.email_verified ? ` (${t('admin.unverified')})` : ''}
      </TableCell>
      <TableCell align="right">{user.owned_surveys}</TableCell>
      <TableCell>
        <Stack sx={{ flexWrap: 'wrap' }} direction="row" spacing={0.5}>
          {user.is_admin ? <Chip size="small" label={t('admin.isAdmin')} /> : null}
          {user.disabled ? <Chip size="small" color="error" label={t('admin.disabled')} /> : null}
          {user.password_expired ? (
            <Chip size="small" color="warning" label={t('admin.passwordExpired')} />
          ) : null}
        </Stack>
      </TableCell>
      <TableCell align="right">
        <IconButton
          disabled={busy}
          aria-label={t('admin.actionsOf', { username: user.username })}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <MoreVertIcon />
        </IconButton>
        <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          <MenuItem onClick={() => pick('toggle')}>
            {user.disabled ? t('admin.enable') : t('admin.disable')}
          </MenuItem>
          <MenuItem onClick={() => pick('expire')}>{t('admin.expirePassword')}</MenuItem>
          <MenuItem onClick={() => pick('reset')} disabled={!user.email}>
            {t('admin.sendResetLink')}
          </MenuItem>
          <MenuItem onClick={() => pick('delete')} sx={{ color: 'error.textShade' }}>
            {t('admin.delete')}
          </MenuItem>
        </Menu>
      </TableCell>
    </TableRow>
  );
}
