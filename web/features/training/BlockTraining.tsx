import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Block } from '../../../contract/blocks.ts';
import { NONE_BRANCH } from '../../../contract/training.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { BranchCard } from './BranchCard.tsx';
import type { BranchChoice } from './ExampleRow.tsx';
import { InboxPanel } from './InboxPanel.tsx';
import { TrainPanel } from './TrainPanel.tsx';
import {
  type TrainingAction,
  useExamples,
  useInbox,
  useJumps,
  useTrainingAction,
  useTrainingStatus,
} from './training-api.ts';
import { jumpTarget, type TrainableBlock } from './training-rules.ts';

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
  const run = (a: TrainingAction) => action.mutate(a);
  // Example texts: the card learns whether the server took it (a refused one stays in its field).
  const send = (a: TrainingAction) => action.mutateAsync(a);

  if (examples.error || jumps.error) return <Alert severity="error">{t('training.loadFailed')}</Alert>;
  if (!examples.data) return <PageLoading />;

  const labelOf = (branch: string) => (branch === NONE_BRANCH ? t('training.noneLabel') : branch);
  const all = [...examples.data.branches, examples.data.none];
  const choices: BranchChoice[] = all.map((b) => ({ branch: b.branch, label: labelOf(b.branch) }));
  const targetText = (branch: string) => {
    const jump = jumps.data?.find((j) => j.branch === branch);
    const target = jumpTarget(jump?.target ?? null, blocks, i18n.language);
    if (target.kind === 'block') return target.title;
    return target.kind === 'end' ? t('training.jumpEnd') : t('training.jumpNext');
  };

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      {examples.data.duplicates.length > 0 ? (
        <Alert severity="warning">
          {t('training.duplicates')}
          <ul style={{ margin: 0 }}>
            {examples.data.duplicates.map((d) => (
              <li key={d.text} style={{ overflowWrap: 'anywhere' }}>
                {t('training.duplicate', { text: d.text, branches: d.branches.map(labelOf).join(', ') })}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <Typography variant="h6" component="h2">
        {t('training.examples')}
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
          onUpdate={(id, change) => send({ kind: 'update', id, ...change })}
          onRemove={(id) => run({ kind: 'delete', id })}
        />
      ))}
      <TrainPanel
        status={status.data}
        options={block.options}
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
