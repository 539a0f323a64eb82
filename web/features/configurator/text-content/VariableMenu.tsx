import DataObjectIcon from '@mui/icons-material/DataObject';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** 'Variable einfügen': the dialog's variables as {{variable}} chips to insert at the caret. */
export function VariableMenu({ variables, onPick }: { variables: string[]; onPick(name: string): void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const none = variables.length === 0;
  return (
    <>
      <Tooltip title={none ? t('configurator.text.noVariables') : ''}>
        <span>
          <Button
            size="small"
            startIcon={<DataObjectIcon fontSize="small" />}
            disabled={none}
            // Keep the caret of the text field: the menu must not take the focus on mouse down.
            onMouseDown={(e) => e.preventDefault()}
            onClick={(e) => setAnchor(e.currentTarget)}
          >
            {t('configurator.text.insertVariable')}
          </Button>
        </span>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {variables.map((name) => (
          <MenuItem
            key={name}
            onClick={() => {
              setAnchor(null);
              onPick(name);
            }}
          >
            {`{{${name}}}`}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
