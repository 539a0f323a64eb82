import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../state/auth.ts';
import { lazyPopup } from './lazy-popup.tsx';
import { initials } from './user-menu-entries.ts';

// The menu's entries, switch and actions are fetched at its first opening: every author page shows the
// avatar, few open the menu.
const UserMenuPopup = lazyPopup(() => import('./UserMenuPopup.tsx').then((m) => m.UserMenuPopup));

/** Avatar with the user's initials and the menu of SPEC §2, plus the light/dark switch. */
export function UserMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { firstName, lastName, username } = useAuthStore();
  const letters = initials(firstName, lastName, username);

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
      <UserMenuPopup open={anchor !== null} anchor={anchor} onClose={() => setAnchor(null)} />
    </>
  );
}
