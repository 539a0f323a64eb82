import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VersionSummary } from '../../../../contract/versions.ts';
import { useVersionList } from '../../../api/versions-api.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { formatDate } from '../../../i18n/date.ts';
import { useController } from '../context.ts';
import { useConfiguratorStore } from '../store.ts';
import { type DiffPair, VersionDiffDialog } from './VersionDiffDialog.tsx';

function VersionRow(props: { version: VersionSummary; onCompare(): void; onRestore(): void }) {
  const { t, i18n } = useTranslation();
  const v = props.version;
  const facts = [
    formatDate(v.created_at, 'Pp', i18n.language),
    v.author ?? t('versions.panel.unknownAuthor'),
    t('versions.panel.chats', { count: v.chats }),
    ...(v.test_chats > 0 ? [t('versions.panel.testChats', { count: v.test_chats })] : []),
  ];
  const name = t('versions.panel.version', { number: v.number });
  return (
    <ListItem divider disableGutters sx={{ display: 'block' }} data-testid="version-row" aria-label={name}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h3">
          {name}
        </Typography>
        {v.live ? <Chip size="small" color="success" label={t('versions.panel.liveMarker')} /> : null}
        {v.published ? (
          <Typography variant="caption" color="text.secondary">
            {t('versions.panel.published')}
          </Typography>
        ) : null}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {facts.join(' · ')}
      </Typography>
      {v.note ? (
        <Typography variant="body2" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
          „{v.note}“
        </Typography>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
        {(
          [
            ['compare', 'compareWith', props.onCompare],
            ['restore', 'restoreOne', props.onRestore],
          ] as const
        ).map(([label, name, onClick]) => (
          <Button
            key={label}
            size="small"
            onClick={onClick}
            aria-label={t(`versions.panel.${name}`, { number: v.number })}
          >
            {t(`versions.panel.${label}`)}
          </Button>
        ))}
      </Stack>
    </ListItem>
  );
}

/**
 * 'Versionen': the dialog's way of working, and every version chats ran on or that was published,
 * newest first, with its diff to the next one (or the draft) and 'Wiederherstellen'.
 */
export function VersionsPanel() {
  const { t } = useTranslation();
  const controller = useController();
  const surveyId = useConfiguratorStore((s) => s.surveyId ?? '');
  const list = useVersionList(surveyId);
  const [pair, setPair] = useState<DiffPair | null>(null);
  const [restore, setRestore] = useState<number | null>(null);
  // The number stays while the confirm popup fades out.
  const [asked, setAsked] = useState(0);
  const versions = list.data?.versions ?? [];
  const mode = list.data?.mode ?? 'direct';
  /** A version against the next newer one; the newest against the draft. */
  const compare = (index: number) => {
    const v = versions[index];
    if (!v) return;
    const newer = versions[index - 1];
    setPair({ from: v.number, to: newer ? newer.number : 'draft' });
  };
  const confirmRestore = async (number: number) => {
    setRestore(null);
    const done = await controller.restoreVersion(number);
    if (done) controller.showNotice('success', t('versions.restore.done', { number }));
  };
  return (
    <Stack spacing={2} data-testid="versions-panel">
      {list.data ? (
        <Typography variant="body2" color="text.secondary">
          {t('versions.mode.current', { mode: t(`versions.mode.labels.${mode}`) })}
        </Typography>
      ) : null}
      {list.isPending ? <LinearProgress aria-label={t('common.loading')} /> : null}
      {list.isError ? <Alert severity="error">{t('versions.panel.loadFailed')}</Alert> : null}
      {list.data && versions.length === 0 ? (
        <Typography color="text.secondary">{t('versions.panel.empty')}</Typography>
      ) : null}
      {versions.length > 0 ? (
        <List disablePadding aria-label={t('versions.panel.title')}>
          {versions.map((v, i) => (
            <VersionRow
              key={v.number}
              version={v}
              onCompare={() => compare(i)}
              onRestore={() => {
                setRestore(v.number);
                setAsked(v.number);
              }}
            />
          ))}
        </List>
      ) : null}
      <VersionDiffDialog
        surveyId={surveyId}
        numbers={versions.map((v) => v.number)}
        pair={pair}
        onPair={setPair}
        onClose={() => setPair(null)}
      />
      <ConfirmDialog
        open={restore !== null}
        title={t('versions.restore.title', { number: asked })}
        text={t(mode === 'publish' ? 'versions.restore.textPublish' : 'versions.restore.textDirect', {
          number: asked,
        })}
        confirmLabel={t('versions.restore.confirm')}
        onCancel={() => setRestore(null)}
        onConfirm={() => restore !== null && void confirmRestore(restore)}
      />
    </Stack>
  );
}
