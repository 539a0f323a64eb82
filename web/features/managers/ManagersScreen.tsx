import AddIcon from '@mui/icons-material/Add';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { type Manager, type ManagerSelection, swapManager } from '../../../contract/managers.ts';
import {
  logManagerFailure,
  useCreateManager,
  useFetchManager,
  useManager,
  useManagerList,
} from '../../api/managers-api.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { Popup } from '../../components/Popup.tsx';
import { type EditorNotices, ManagerEditor } from './ManagerEditor.tsx';
import { openableNames, selectionOf } from './manager-form.ts';

function CreateManagerDialog({
  open,
  onClose,
  onCreated,
  onFailure,
}: {
  open: boolean;
  onClose(): void;
  onCreated(manager: Manager): void;
  onFailure(detail: string): void;
}) {
  const { t } = useTranslation();
  const create = useCreateManager();
  const [name, setName] = useState('');
  const submit = async () => {
    try {
      const manager = await create.mutateAsync({ name: name.trim() });
      setName('');
      onCreated(manager);
    } catch (error) {
      onFailure(logManagerFailure('create_dialogmanager', error));
    }
  };
  return (
    <Popup open={open} onClose={onClose} titleId="create-manager-title">
      <DialogTitle id="create-manager-title">{t('managers.createTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t('managers.fields.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && name.trim()) void submit();
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!name.trim() || create.isPending} onClick={() => void submit()}>
          {t('managers.createAction')}
        </Button>
      </DialogActions>
    </Popup>
  );
}

const parseId = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null);

/** /managers and /managers/{id}: my dialog managers (issue 7); the chosen one is edited beside the list. */
export default function ManagersScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const id = parseId(params.dialog_manager_id);
  const list = useManagerList();
  const current = useManager(id);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<{ severity: AlertColor; text: string } | null>(null);
  const [selection, setSelection] = useState<ManagerSelection | null>(null);
  const managers = useMemo(() => list.data ?? [], [list.data]);
  const fetchManager = useFetchManager();
  // Managers opened here, also of other owners: their names and the ones they offer (SPEC §4 switch).
  const [opened, setOpened] = useState<Manager[]>([]);
  const names = useMemo(() => openableNames(managers, opened), [managers, opened]);

  // Opening another manager starts its own selection; after a switch the swapped one is already held
  // (set before the route changes, so this runs only when the opened manager's data arrives).
  useEffect(() => {
    const loaded = current.data;
    if (!loaded) return;
    setOpened((seen) => [...seen.filter((m) => m.dialog_manager_id !== loaded.dialog_manager_id), loaded]);
    setSelection((held) =>
      held?.dialog_manager_id === loaded.dialog_manager_id ? held : selectionOf(loaded),
    );
  }, [current.data]);

  const notices: EditorNotices = {
    done: (text) => setNotice({ severity: 'success', text }),
    failed: (detail) => setNotice({ severity: 'error', text: t('managers.failed', { detail }) }),
  };
  const open = (managerId: number) => navigate(`/managers/${managerId}`);
  // The chosen manager may be another owner's (a member of one of its dialogs may open it): loaded first.
  const switchTo = async (chosen: number) => {
    if (!selection || !names.has(chosen)) return;
    let target = managers.find((m) => m.dialog_manager_id === chosen);
    try {
      target ??= await fetchManager(chosen);
    } catch (error) {
      notices.failed(logManagerFailure('get_dialogmanager', error));
      return;
    }
    setSelection((held) => (held ? swapManager(held, chosen, target.connected_surveys) : held));
    open(chosen);
  };

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('screens.DialogManagers')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        {t('managers.intro')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={{ p: 2, width: { xs: '100%', md: 320 }, flexShrink: 0 }}>
          <Stack spacing={1}>
            <Typography variant="h6" component="h2">
              {t('managers.list')}
            </Typography>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              {t('managers.create')}
            </Button>
            {list.isPending ? <PageLoading label={t('common.loading')} /> : null}
            {list.isError ? <Alert severity="error">{t('managers.loadFailed')}</Alert> : null}
            {list.isSuccess && managers.length === 0 ? (
              <Typography color="text.secondary">{t('managers.empty')}</Typography>
            ) : null}
            <List dense aria-label={t('managers.list')}>
              {managers.map((m) => (
                <ListItem key={m.dialog_manager_id} disablePadding>
                  <ListItemButton
                    selected={m.dialog_manager_id === id}
                    aria-current={m.dialog_manager_id === id ? 'true' : undefined}
                    onClick={() => open(m.dialog_manager_id)}
                  >
                    <ListItemText
                      primary={m.name}
                      secondary={t('managers.dialogsCount', { count: m.connected_surveys.length })}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Stack>
        </Paper>
        <Box sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
          {id === null ? <Typography color="text.secondary">{t('managers.choose')}</Typography> : null}
          {id !== null && current.isPending ? <PageLoading label={t('common.loading')} /> : null}
          {id !== null && current.isError ? (
            <Alert severity="error">{t('managers.managerLoadFailed')}</Alert>
          ) : null}
          {current.data && selection?.dialog_manager_id === current.data.dialog_manager_id ? (
            <ManagerEditor
              key={`${current.data.dialog_manager_id}:${current.data.updated_at}`}
              manager={current.data}
              managers={managers}
              names={names}
              selection={selection}
              onSwitch={(chosen) => void switchTo(chosen)}
              onSaved={(saved) => setSelection(selectionOf(saved))}
              onDeleted={() => navigate('/managers')}
              notices={notices}
            />
          ) : null}
        </Box>
      </Stack>
      <CreateManagerDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(manager) => {
          setCreating(false);
          setNotice({ severity: 'success', text: t('managers.created') });
          open(manager.dialog_manager_id);
        }}
        onFailure={notices.failed}
      />
      <Snackbar
        key={notice?.text}
        open={notice !== null}
        autoHideDuration={6000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Alert severity={notice?.severity ?? 'info'} variant="filled" onClose={() => setNotice(null)}>
          {notice?.text}
        </Alert>
      </Snackbar>
    </Box>
  );
}
