import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../../../contract/endpoints/index.ts';
import { TRIGGER_TYPES } from '../../../../contract/triggers.ts';
import { ApiError } from '../../../api/client.ts';
import { GRAPH_TRIGGERS_KEY, logManagerFailure, useTriggerCalls } from '../../../api/managers-api.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { CopyField } from '../../../components/CopyField.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { previewText } from '../../../lib/preview-text.ts';
import { useApi } from '../../../route-context.ts';
import { useController } from '../context.ts';
import { useConfiguratorStore } from '../store.ts';
import type { GraphEdge } from './graph-model.ts';
import { TimeoutFields } from './TimeoutFields.tsx';
import {
  blockOptions,
  blockTriggers,
  canCreate,
  createRequest,
  EMPTY_TRIGGER_DRAFT,
  type TriggerDraft,
  targetBlockText,
  targetDialogs,
  withType,
} from './trigger-form.ts';
import { useTriggers } from './use-triggers.ts';

/** Runs a manager or trigger call: success as a notice, failure logged and as a notice (SPEC §8). */
function useNoticeCall() {
  const { t } = useTranslation();
  const controller = useController();
  return async <T,>(what: string, call: () => Promise<T>, done: string): Promise<T | null> => {
    try {
      const result = await call();
      controller.showNotice('success', done);
      return result;
    } catch (error) {
      const detail = logManagerFailure(what, error);
      controller.showNotice('error', t('managers.triggers.failed', { detail }));
      return null;
    }
  };
}

/** On a selected outgoing trigger edge: delete that trigger (incoming ones belong to the other dialog). */
export function DeleteTriggerButton({ managerId, edge }: { managerId: number; edge: GraphEdge }) {
  const { t } = useTranslation();
  const calls = useTriggerCalls();
  const run = useNoticeCall();
  const triggerId = edge.data?.triggerId;
  if (edge.data?.kind !== 'trigger_source' || triggerId === undefined) return null;
  return (
    <Button
      size="small"
      color="error"
      onClick={() =>
        void run('delete_trigger', () => calls.remove(managerId, triggerId), t('managers.triggers.deleted'))
      }
    >
      {t('managers.triggers.delete')}
    </Button>
  );
}

/**
 * The dialogs of the manager with their blocks, for the trigger form of dialog `surveyId`: one call that
 * needs the configure right on this dialog only, so a target block can be picked in a connected dialog
 * the author may not open herself (POST /api/dialog would answer 404 there).
 */
function useTriggerTargets(surveyId: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...GRAPH_TRIGGERS_KEY, 'targets', surveyId],
    retry: false,
    queryFn: async () => {
      try {
        return await api.call(endpoints.triggerTargets, { id: surveyId });
      } catch (error) {
        logManagerFailure('loading the target blocks', error);
        throw error;
      }
    },
    select: (data) => data.dialogs,
  });
}

function TriggerForm({
  managerId,
  surveyId,
  blockId,
  onCreated,
}: {
  managerId: number;
  surveyId: string;
  blockId: string;
  onCreated(secret: string | null): void;
}) {
  const { t, i18n } = useTranslation();
  const calls = useTriggerCalls();
  const run = useNoticeCall();
  const [draft, setDraft] = useState<TriggerDraft>(EMPTY_TRIGGER_DRAFT);
  const [busy, setBusy] = useState(false);
  const targets = useTriggerTargets(surveyId);
  const dialogs = targetDialogs(targets.data ?? [], surveyId, draft.type);
  const blocks = dialogs.find((d) => d.survey_id === draft.survey_id)?.blocks;
  const options = blockOptions(blocks ?? [], (b) =>
    targetBlockText(b, (content) => previewText(content, i18n.language)),
  );
  const blocksError =
    targets.error instanceof ApiError ? targets.error.msg || targets.error.title : targets.error;

  const submit = async () => {
    setBusy(true);
    const created = await run(
      'create_trigger',
      () => calls.create(createRequest(managerId, surveyId, blockId, draft)),
      t('managers.triggers.created'),
    );
    setBusy(false);
    if (created) {
      setDraft(EMPTY_TRIGGER_DRAFT);
      onCreated(created.api_secret ?? null);
    }
  };

  return (
    <Stack spacing={1.5} component="form" aria-label={t('managers.triggers.add')}>
      <SelectField
        label={t('managers.triggers.type')}
        value={draft.type}
        options={TRIGGER_TYPES}
        optionLabel={(type) => t(`managers.triggers.types.${type}`)}
        onChange={(type) => setDraft(withType(draft, type, surveyId))}
      />
      <TextField
        select
        size="small"
        label={t('managers.triggers.targetDialog')}
        value={draft.survey_id}
        onChange={(e) => setDraft({ ...draft, survey_id: e.target.value, question_id: '' })}
      >
        {dialogs.map((s) => (
          <MenuItem key={s.survey_id} value={s.survey_id}>
            {s.survey_name}
          </MenuItem>
        ))}
      </TextField>
      {blocksError ? (
        <Alert severity="error">{t('managers.triggers.blocksFailed', { detail: String(blocksError) })}</Alert>
      ) : (
        <TextField
          select
          size="small"
          label={t('managers.triggers.targetBlock')}
          value={draft.question_id}
          disabled={draft.survey_id === '' || !blocks}
          onChange={(e) => setDraft({ ...draft, question_id: e.target.value })}
        >
          {options.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      {draft.type === 'waitAPI' ? (
        <TimeoutFields draft={draft} options={options} onChange={setDraft} />
      ) : null}
      <FormControlLabel
        label={t('managers.triggers.initSurvey')}
        slotProps={{ typography: { variant: 'body2' } }}
        control={
          <Checkbox
            size="small"
            checked={draft.init_survey}
            onChange={(e) => setDraft({ ...draft, init_survey: e.target.checked })}
          />
        }
      />
      <Button
        variant="contained"
        size="small"
        disabled={!canCreate(draft) || busy}
        onClick={() => void submit()}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('managers.triggers.create')}
      </Button>
    </Stack>
  );
}

/**
 * 'Vom Dialog-Manager trennen': whoever may configure the dialog takes it out of the manager it belongs
 * to, whoever owns that (POST /api/disconnect_dialog); its triggers go with it. Asks first; then the
 * dialog (its connected dialogs) and the triggers are loaded again.
 */
function DisconnectDialogButton({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const controller = useController();
  const client = useQueryClient();
  const run = useNoticeCall();
  const [open, setOpen] = useState(false);
  const disconnect = async () => {
    setOpen(false);
    await run(
      'disconnect_dialog',
      async () => {
        await api.call(endpoints.disconnectDialog, { survey_id: surveyId });
        await Promise.all([
          controller.reloadFromServer(),
          client.invalidateQueries({ queryKey: GRAPH_TRIGGERS_KEY }),
        ]);
      },
      t('managers.disconnect.done'),
    );
  };
  return (
    <>
      <Button size="small" color="inherit" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        {t('managers.disconnect.button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('managers.disconnect.title')}
        text={t('managers.disconnect.text')}
        cancelLabel={t('managers.disconnect.cancel')}
        confirmLabel={t('managers.disconnect.confirm')}
        confirmColor="error"
        onCancel={() => setOpen(false)}
        onConfirm={() => void disconnect()}
      />
    </>
  );
}

/** The node panel's triggers of a block (SPEC §7): listed, deleted and added; then reloaded. */
export function BlockTriggers({ blockId }: { blockId: string }) {
  const { t } = useTranslation();
  const dialog = useConfiguratorStore((s) => s.dialog)!;
  const { managerId, triggers } = useTriggers(dialog);
  const calls = useTriggerCalls();
  const run = useNoticeCall();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  // A connected dialog whose manager is still loading (or failed: see the notice) shows nothing yet.
  if (managerId === null && dialog.connected_surveys.length > 0) return null;
  if (managerId === null) {
    return (
      <Box>
        <Typography variant="subtitle2">{t('managers.triggers.title')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('managers.triggers.noManager')}
        </Typography>
      </Box>
    );
  }
  const nameOf = (id: string) => dialog.connected_surveys.find((s) => s.survey_id === id)?.survey_name ?? id;
  const { outgoing, incoming } = blockTriggers(triggers, dialog.survey_id, blockId);
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{t('managers.triggers.title')}</Typography>
      {outgoing.length + incoming.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('managers.triggers.none')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t('managers.triggers.title')}>
          {outgoing.map((o) => (
            <ListItem
              key={o.trigger.id}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('managers.triggers.delete')}
                  onClick={() =>
                    void run(
                      'delete_trigger',
                      () => calls.remove(managerId, o.trigger.id),
                      t('managers.triggers.deleted'),
                    )
                  }
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              }
            >
              <ListItemText
                primary={`${o.type} → ${nameOf(o.other_survey_id)}`}
                secondary={[
                  o.other_question_id,
                  o.timeout ? t('managers.triggers.timeoutShown', { ...o.timeout }) : null,
                  o.trigger.init_survey ? 'init_survey' : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
          {incoming.map((i) => (
            <ListItem key={`in-${i.trigger.id}`} disableGutters>
              <ListItemText
                primary={`${i.type} ← ${t('managers.triggers.incoming', { dialog: nameOf(i.other_survey_id) })}`}
                secondary={i.other_question_id}
              />
            </ListItem>
          ))}
        </List>
      )}
      {secret ? (
        <CopyField
          label={t('managers.triggers.secretOnce')}
          value={secret}
          copyLabel={t('managers.links.copy')}
        />
      ) : null}
      {adding ? (
        <TriggerForm
          managerId={managerId}
          surveyId={dialog.survey_id}
          blockId={blockId}
          onCreated={(created) => {
            setSecret(created);
            setAdding(false);
          }}
        />
      ) : (
        <Button
          size="small"
          variant="outlined"
          onClick={() => setAdding(true)}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('managers.triggers.add')}
        </Button>
      )}
      <DisconnectDialogButton surveyId={dialog.survey_id} />
    </Stack>
  );
}
