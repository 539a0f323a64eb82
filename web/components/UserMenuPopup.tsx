import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logoutAuthor } from '../lib/logout.ts';
import { isAuthenticated, useAuthStore } from '../state/auth.ts';
import { useThemeModeStore } from '../state/theme-mode.ts';
import { type UserMenuEntry, userMenuEntries } from './user-menu-entries.ts';

/** The user menu's entries (SPEC §2) and the light/dark switch, below the avatar that opened it. */
export function UserMenuPopup({
  open,
  anchor,
  onClose,
}: {
  open: boolean;
  anchor: HTMLElement | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const authenticated = useAuthStore(isAuthenticated);
  const { mode, setMode } = useThemeModeStore();
  const entries = userMenuEntries({ authenticated, hostname: window.location.hostname });

  const choose = (entry: UserMenuEntry) => {
    onClose();
    if (entry.kind === 'route') navigate(entry.to);
    else if (entry.kind === 'action') void logoutAuthor();
  };

  return (
    <Menu anchorEl={anchor} open={open} onClose={onClose}>
      {entries.map((entry) =>
        entry.kind === 'external' ? (
          <MenuItem
            key={entry.key}
            component="a"
            href={entry.href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onClose}
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
  );
}
