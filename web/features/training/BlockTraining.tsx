import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Block } from '../../../contract/blocks.ts';
import { NONE_BRANCH } from '../../../contract/training.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { BranchCard } from './BranchCard.tsx';
import type { BranchChoice, ExampleChange } from './ExampleRow.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { InboxPanel } from './InboxPanel.tsx';
import { TrainPanel } from './TrainPanel.tsx';
import {
  type ImportSource,
  useExamples,
  useInbox,
  useJumps,
  useTrainingAction,
  useTrainingStatus,
} from './training-api.ts';
import { canTrain, jumpTarget, type TrainableBlock } from './training-rules.ts';

interface Props {
  surveyId: string;
  block: TrainableBlock;
  blocks: readonly Block[];
}

/** The main area for one free-text block: its branches with examples, training, threshold and inbox. */
export function BlockTraining({ surveyId, block, blocks }: Props) {
  const { t, i18n } = useTranslation();
  const qid = block.unique_question_id;
  const examples = useExamples(surveyId, qid);
  const jumps = useJumps(surveyId, qid);
  const status = useTrainingStatus(surveyId, qid);
  const inbox = useInbox(surveyId, qid);
  const action = useTrainingAction(surveyId, qid, (kind) => t(`training.errors.${kind}`));
  /** The open 'Mehrere einfügen' or 'CSV importieren' popup. */
  const [importing, setImporting] = useState<ImportSource | null>(null);
  // mutate and mutateAsync keep their identity, so the callbacks below do too (the rows are memoised).
  const { mutate: run, mutateAsync: send } = action;
  // Example texts: the card learns whether the server took it (a refused one stays in its field).
  const onUpdate = useCallback(
    (id: number, change: ExampleChange) => send({ kind: 'update', id, ...change }),
    [send],
  );
  const onRemove = useCallback((id: number) => run({ kind: 'delete', id }), [run]);
  const labelOf = useCallback(
    (branch: string) => (branch === NONE_BRANCH ? t('training.noneLabel') : branch),
    [t],
  );
  const data = examples.data;
  const all = data ? [...data.branches, data.none] : [];
  // The same list (by content) keeps its identity across reloads of the examples.
  const branchKey = JSON.stringify(all.map((b) => b.branch));
  const choices: BranchChoice[] = useMemo(
    () => (JSON.parse(branchKey) as string[]).map((b) => ({ branch: b, label: labelOf(b) })),
    [branchKey, labelOf],
  );

  if (examples.error || jumps.error) return <Alert severity="error">{t('training.loadFailed')}</Alert>;
  if (!data) return <PageLoading />;

  const targetText = (branch: string) => {
    const jump = jumps.data?.find((j) => j.branch === branch);
    const target = jumpTarget(jump?.target ?? null, blocks, i18n.language);
    if (target.kind === 'block') return target.title;
    return target.kind === 'end' ? t('training.jumpEnd') : t('training.jumpNext');
  };

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      {data.duplicates.length > 0 ? (
        <Alert severity="warning">
          {t('training.duplicates')}
          <ul style={{ margin: 0 }}>
            {data.duplicates.map((d) => (
              <li key={d.text} style={{ overflowWrap: 'anywhere' }}>
                {t('training.duplicate', { text: d.text, branches: d.branches.map(labelOf).join(', ') })}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('training.examples')}
        </Typography>
        <Button size="small" variant="outlined" onClick={() => setImporting({ format: 'csv' })}>
          {t('training.importCsv')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('training.labelsCount')}
      </Typography>
      {all.map((b) => (
        <BranchCard
          key={b.branch}
          branch={b.branch}
          label={labelOf(b.branch)}
          target={targetText(b.branch)}
          examples={b.examples}
          branches={choices}
          busy={action.isPending}
          onAdd={(text) => send({ kind: 'add', branch: b.branch, text })}
          onUpdate={onUpdate}
          onRemove={onRemove}
          onPasteMany={() => setImporting({ format: 'lines', branch: b.branch })}
        />
      ))}
      {importing ? (
        <ImportDialog
          surveyId={surveyId}
          qid={qid}
          source={importing}
          title={
            importing.format === 'lines'
              ? t('training.pasteTitle', { label: labelOf(importing.branch) })
              : t('training.importCsvTitle')
          }
          labelOf={labelOf}
          onClose={() => setImporting(null)}
        />
      ) : null}
      <TrainPanel
        status={status.data}
        options={block.options}
        canTrain={canTrain(all)}
        busy={action.isPending}
        labelOf={labelOf}
        onTrain={() => run({ kind: 'train' })}
        onThreshold={(threshold) => run({ kind: 'threshold', threshold })}
      />
      <InboxPanel
        items={inbox.data ?? []}
        branches={choices}
        busy={action.isPending}
        labelOf={labelOf}
        onAssign={(id, branch) => run({ kind: 'assign', id, branch })}
        onDismiss={(id) => run({ kind: 'dismiss', id })}
      />
    </Stack>
  );
}
