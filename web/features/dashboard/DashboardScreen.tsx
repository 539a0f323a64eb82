import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SurveyListItem } from '../../../contract/dialogs.ts';
import { useDeleteSurvey, useDuplicateSurvey, useSurveyList } from '../../api/surveys-api.ts';
import type { ItemConfirmDialogProps } from '../../components/ConfirmDialog.tsx';
import { LazyDoneSnackbar } from '../../components/LazyDoneSnackbar.tsx';
import { lazyPopup } from '../../components/lazy-popup.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { PendingInvitations } from './PendingInvitations.tsx';
import { SurveyTable } from './SurveyTable.tsx';
import { SurveyToolbar } from './SurveyToolbar.tsx';
import { type SortKey, visibleSurveys } from './survey-list.ts';

const CreateSurveyDialog = lazyPopup(() =>
  import('./CreateSurveyDialog.tsx').then((m) => m.CreateSurveyDialog),
);
const DeleteConfirm = lazyPopup<ItemConfirmDialogProps<SurveyListItem> & { open: boolean }>(() =>
  import('../../components/ConfirmDialog.tsx').then((m) => m.ItemConfirmDialog<SurveyListItem>),
);

/** The dashboard (/ and /dashboard): the author's dialogs. */
export default function DashboardScreen() {
  const { t } = useTranslation();
  const list = useSurveyList();
  const duplicate = useDuplicateSurvey();
  const remove = useDeleteSurvey();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortKey>('updated');
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<SurveyListItem | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const items = useMemo(
    () => visibleSurveys(list.data ?? [], query, sort, (item) => t(`share.roles.${item.role}`)),
    [list.data, query, sort, t],
  );
  const onDuplicate = useCallback(
    (item: SurveyListItem) =>
      duplicate.mutate(item.survey_id, { onSuccess: () => setDone(t('dashboard.duplicated')) }),
    [duplicate.mutate, t],
  );

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('screens.Dashboard')}
      </Typography>
      <PendingInvitations />
      <SurveyToolbar
        query={query}
        onQuery={setQuery}
        sort={sort}
        onSort={setSort}
        onCreate={() => setCreating(true)}
      />
      {list.isPending ? <PageLoading label={t('common.loading')} /> : null}
      {list.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('dashboard.loadError')}
        </Alert>
      ) : null}
      {list.isSuccess && items.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4 }}>
          {list.data.length === 0 ? t('dashboard.empty') : t('dashboard.noMatch')}
        </Typography>
      ) : null}
      {items.length > 0 ? (
        <SurveyTable
          items={items}
          onDuplicate={onDuplicate}
          onDelete={setDeleting}
          duplicatingId={duplicate.isPending ? (duplicate.variables ?? null) : null}
        />
      ) : null}
      <CreateSurveyDialog open={creating} onClose={() => setCreating(false)} />
      <DeleteConfirm
        open={deleting !== null}
        item={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={(item) =>
          remove.mutate(item.survey_id, { onSuccess: () => setDone(t('dashboard.deleted')) })
        }
        title={t('dashboard.deleteTitle')}
        text={t('dashboard.deleteText', { name: deleting?.survey_name ?? '' })}
        confirmLabel={t('dashboard.delete')}
      />
      <LazyDoneSnackbar message={done} onClose={() => setDone(null)} />
    </Box>
  );
}
