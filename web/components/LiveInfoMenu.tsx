import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';

/** The respondent information menu: the dialog's privacy page in a new tab. */
export function LiveInfoMenu(props: { title: string; privacyLabel: string; privacyHref: string | null }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        title={props.title}
        aria-label={props.title}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <InfoOutlinedIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem
          component="a"
          href={props.privacyHref ?? undefined}
          target="_blank"
          rel="noopener noreferrer"
          disabled={!props.privacyHref}
          onClick={close}
        >
          {props.privacyLabel}
        </MenuItem>
      </Menu>
    </>
  );
}
