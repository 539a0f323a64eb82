import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Manager, ManagerSelection } from '../../../contract/managers.ts';
import { logManagerFailure, useDeleteManager, useUpdateManager } from '../../api/managers-api.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { CopyField } from '../../components/CopyField.tsx';
import { ConnectedDialogs } from './ConnectedDialogs.tsx';
import {
  changesOf,
  draftOf,
  gamePath,
  MANAGER_TEXT_FIELDS,
  type ManagerDraft,
  switchTargets,
} from './manager-form.ts';
import { TriggerSecrets } from './TriggerSecrets.tsx';

const MULTILINE = new Set(['description', 'meta_text']);
const ASSETS = new Set(['favicon', 'meta_image']);

export interface EditorNotices {
  done(text: string): void;
  failed(detail: string): void;
}

/**
 * One manager: its fields, dialogs and the managers offered for switching (additional_dms) (saved together, only what changed), its
 * addresses, the switch to the managers it offers (SPEC §4), the waitAPI secrets, and delete.
 */
export function ManagerEditor({
  manager,
  managers,
  names,
  selection,
  onSwitch,
  onSaved,
  onDeleted,
  notices,
}: {
  manager: Manager;
  /** The caller's own managers (what the owner may offer in additional_dms). */
  managers: readonly Manager[];
  /** The names of the managers the caller may open (manager-form.ts openableNames). */
  names: ReadonlyMap<number, string>;
  selection: ManagerSelection;
  onSwitch(id: number): void;
  /** The saved manager: its stored additional_dms are offered again. */
  onSaved(manager: Manager): void;
  onDeleted(): void;
  notices: EditorNotices;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ManagerDraft>(() => draftOf(manager));
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateManager();
  const remove = useDeleteManager();
  const readOnly = !manager.is_owner;
  const changes = changesOf(manager, draft);
  const id = manager.dialog_manager_id;
  // Only an owner's stale entry has no name; a reader gets no ids she may not open (server).
  const nameOf = (other: number) => names.get(other) ?? t('managers.unnamed', { id: other });
  const switches = switchTargets(selection.additional_dms, names);
  const others = managers.map((m) => m.dialog_manager_id).filter((other) => other !== id);
  const origin = window.location.origin;
  const game = gamePath(id);

  // mutateAsync: the saved manager replaces this editor (its key), which drops mutate()'s callbacks.
  const save = async () => {
    if (!changes) return;
    try {
      onSaved(await update.mutateAsync(changes));
      notices.done(t('managers.saved'));
    } catch (error) {
      notices.failed(logManagerFailure('update_dialogmanager', error));
    }
  };
  const confirmDelete = async () => {
    setDeleting(false);
    try {
      await remove.mutateAsync(id);
      notices.done(t('managers.deleted'));
      onDeleted();
    } catch (error) {
      notices.failed(logManagerFailure('delete_dialogmanager', error));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h2">
            {manager.name}
          </Typography>
          <Chip size="small" label={t('managers.idLabel', { id })} data-testid="manager-id" />
        </Stack>
        {readOnly ? <Alert severity="info">{t('managers.readOnly')}</Alert> : null}
        {switches.length > 0 ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2">{t('managers.additional.switchTo')}:</Typography>
            {switches.map((other) => (
              <Button
                key={other.id}
                size="small"
                variant="outlined"
                aria-label={`${t('managers.additional.switchLabel')}: ${other.name}`}
                onClick={() => onSwitch(other.id)}
              >
                {other.name}
              </Button>
            ))}
          </Stack>
        ) : null}

        <Stack spacing={1}>
          <Typography variant="h6" component="h3">
            {t('managers.links.title')}
          </Typography>
          {game ? (
            <CopyField
              label={t('managers.links.game')}
              value={origin + game}
              copyLabel={t('managers.links.copy')}
            />
          ) : null}
          <CopyField
            label={t('managers.links.live')}
            value={`${origin}/multi_live/${id}`}
            copyLabel={t('managers.links.copy')}
          />
          <CopyField
            label={t('managers.links.test')}
            value={`${origin}/multi/${id}`}
            copyLabel={t('managers.links.copy')}
          />
        </Stack>
        <Divider />

        {MANAGER_TEXT_FIELDS.map((key) => (
          <TextField
            key={key}
            label={t(`managers.fields.${key}`)}
            value={draft[key]}
            size="small"
            fullWidth
            multiline={MULTILINE.has(key)}
            minRows={MULTILINE.has(key) ? 2 : undefined}
            helperText={ASSETS.has(key) ? t('managers.fields.assetHelp') : undefined}
            disabled={readOnly}
            onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
          />
        ))}

        <ConnectedDialogs
          managerId={id}
          value={draft.connected_surveys}
          onChange={(connected_surveys) => setDraft({ ...draft, connected_surveys })}
          readOnly={readOnly}
        />

        <Stack spacing={1}>
          <Typography variant="h6" component="h3">
            {t('managers.additional.title')}
          </Typography>
          <Autocomplete
            multiple
            size="small"
            options={others}
            value={draft.additional_dms}
            disabled={readOnly}
            getOptionLabel={nameOf}
            onChange={(_, additional_dms) => setDraft({ ...draft, additional_dms })}
            renderInput={(params) => <TextField {...params} label={t('managers.additional.label')} />}
          />
        </Stack>

        {readOnly ? null : (
          <Stack direction="row" spacing={1}>
            <Button variant="contained" disabled={!changes || update.isPending} onClick={() => void save()}>
              {t('managers.save')}
            </Button>
            <Button disabled={!changes} onClick={() => setDraft(draftOf(manager))}>
              {t('managers.reset')}
            </Button>
            <Stack sx={{ flexGrow: 1 }} />
            <Button color="error" onClick={() => setDeleting(true)}>
              {t('managers.delete')}
            </Button>
          </Stack>
        )}
        {readOnly ? null : (
          <>
            <Divider />
            <TriggerSecrets manager={manager} onFailure={notices.failed} />
          </>
        )}
      </Stack>
      <ConfirmDialog
        open={deleting}
        title={t('managers.deleteTitle')}
        text={t('managers.deleteText', { name: manager.name })}
        confirmLabel={t('managers.delete')}
        confirmColor="error"
        onCancel={() => setDeleting(false)}
        onConfirm={() => void confirmDelete()}
      />
    </Paper>
  );
}
