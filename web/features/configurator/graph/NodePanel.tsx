import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isEndNodeId, isStartNodeId } from '../../../../contract/blocks.ts';
import { useController } from '../context.ts';
import { BlockEditor } from '../editor/BlockEditor.tsx';
import { BlockTypeMenu } from '../list/BlockTypeMenu.tsx';
import { useMediaList } from '../media/media-api.ts';
import { isImage } from '../media/media-kinds.ts';
import { useBlock } from '../store.ts';
import { blockFiles } from './node-files.ts';
import { BlockTriggers } from './TriggerPanel.tsx';

/** The files of the selected node (the graph's "selected files"). */
function NodeFiles({ names }: { names: string[] }) {
  const { t } = useTranslation();
  const files = useMediaList().data ?? [];
  return (
    <Box>
      <Typography variant="subtitle2">{t('configurator.graph.files')}</Typography>
      {names.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('configurator.graph.noFiles')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {names.map((name) => {
            const file = files.find((f) => f.filename_db === name);
            return (
              <ListItem key={name} disableGutters sx={{ gap: 1 }}>
                {file && isImage(file) ? (
                  <Box
                    component="img"
                    src={file.location}
                    alt=""
                    sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 1 }}
                  />
                ) : null}
                <ListItemText
                  primary={file?.original_name || name}
                  secondary={file ? t(`configurator.media.types.${file.type}`) : null}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Box>
  );
}

/** The side panel of the graph's selected node: the block editor, a new block after it, its files, triggers. */
export function NodePanel({
  nodeId,
  onCreated,
}: {
  nodeId: string;
  onCreated(id: string | undefined): void;
}) {
  const { t } = useTranslation();
  const controller = useController();
  const block = useBlock(nodeId);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const addAfter = (
    <>
      <Button
        size="small"
        variant="outlined"
        onClick={(e) => setMenu(e.currentTarget)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('configurator.graph.addAfter')}
      </Button>
      <BlockTypeMenu
        anchor={menu}
        onClose={() => setMenu(null)}
        onPick={async (type) =>
          onCreated((await controller.createBlock(type, { source_node_id: nodeId }))?.unique_question_id)
        }
      />
    </>
  );
  if (isStartNodeId(nodeId) || isEndNodeId(nodeId)) {
    const start = isStartNodeId(nodeId);
    return (
      <Stack spacing={2}>
        <Alert severity="info">
          {start ? t('configurator.graph.markerStart') : t('configurator.graph.markerEnd')}
        </Alert>
        {start ? addAfter : null}
      </Stack>
    );
  }
  if (!block) return null;
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1">
        #{block.order} · {t(`configurator.types.${block.type}`)}
      </Typography>
      {addAfter}
      <NodeFiles names={blockFiles(block)} />
      <BlockTriggers blockId={block.unique_question_id} />
      <Divider />
      <BlockEditor block={block} />
    </Stack>
  );
}
