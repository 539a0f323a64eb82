import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { BLOCK_TYPES, type BlockType } from '../../../../contract/blocks.ts';

/** The block types to create, as a menu at an anchor. */
export function BlockTypeMenu({
  anchor,
  onClose,
  onPick,
}: {
  anchor: HTMLElement | null;
  onClose(): void;
  onPick(type: BlockType): void;
}) {
  const { t } = useTranslation();
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {BLOCK_TYPES.map((type) => (
        <MenuItem
          key={type}
          onClick={() => {
            onClose();
            onPick(type);
          }}
        >
          {t(`configurator.types.${type}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
