import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logoutAuthor } from '../lib/logout.ts';
import { isAuthenticated, useAuthStore } from '../state/auth.ts';
import { useThemeModeStore } from '../state/theme-mode.ts';
import { initials, type UserMenuEntry, userMenuEntries } from './user-menu-entries.ts';

/** Avatar with the user's initials and the menu of SPEC §2, plus the light/dark switch. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { firstName, lastName, username } = useAuthStore();
  const authenticated = useAuthStore(isAuthenticated);
  const { mode, setMode } = useThemeModeStore();
  const entries = userMenuEntries({ authenticated, hostname: window.location.hostname });
  const close = () => setAnchor(null);

  const letters = initials(firstName, lastName, username);

  const choose = (entry: UserMenuEntry) => {
    close();
    if (entry.kind === 'route') navigate(entry.to);
    else if (entry.kind === 'action') void logoutAuthor();
  };

  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={letters ? t('userMenu.openWith', { initials: letters }) : t('userMenu.open')}
        aria-haspopup="menu"
      >
        <Avatar sx={{ width: 36, height: 36, fontSize: 16 }}>
          {letters || <PersonIcon fontSize="small" />}
        </Avatar>
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        {entries.map((entry) =>
          entry.kind === 'external' ? (
            <MenuItem
              key={entry.key}
              component="a"
              href={entry.href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={close}
            >
              {t(`userMenu.${entry.key}`)}
            </MenuItem>
          ) : (
            <MenuItem key={entry.key} onClick={() => choose(entry)}>
              {t(`userMenu.${entry.key}`)}
            </MenuItem>
          ),
        )}
        <Divider />
        <MenuItem onClick={() => setMode(mode === 'dark' ? 'light' : 'dark')}>
          <ListItemText>{t('userMenu.darkMode')}</ListItemText>
          <Switch
            edge="end"
            size="small"
            checked={mode === 'dark'}
            slotProps={{ input: { 'aria-label': t('userMenu.darkMode') } }}
          />
        </MenuItem>
      </Menu>
    </>
  );
}
