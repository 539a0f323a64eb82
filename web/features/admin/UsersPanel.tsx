import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE, type AdminUser } from '../../../contract/admin.ts';
import { DoneSnackbar } from '../../components/DoneSnackbar.tsx';
import { reportCallError } from '../../lib/report-error.ts';
import { type AdminAction, type CreateUserInput, useAdminAction, useUsers } from './admin-api.ts';
import { CreateUserDialog } from './CreateUserDialog.tsx';
import { DeleteUserDialog } from './DeleteUserDialog.tsx';
import { type RowAction, UserRow } from './UserRow.tsx';

/** The account list: search, pages, create, and the actions of each account. */
export function UsersPanel() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const [page, setPage] = useState(0);
  const users = useUsers(query, page);
  const action = useAdminAction();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const run = async (a: AdminAction, doneText: string): Promise<boolean> => {
    try {
      await action.mutateAsync(a);
      setDone(doneText);
      return true;
    } catch (failure) {
      reportCallError(t('admin.failed'), failure);
      return false;
    }
  };
  const onRow = (kind: RowAction, user: AdminUser) => {
    const username = user.username;
    if (kind === 'toggle') {
      void run(
        { kind: 'disable', user, disabled: !user.disabled },
        t(user.disabled ? 'admin.enabledDone' : 'admin.disabledDone', { username }),
      );
    } else if (kind === 'expire') void run({ kind: 'expire', user }, t('admin.expiredDone', { username }));
    else if (kind === 'reset') void run({ kind: 'reset', user }, t('admin.resetSent', { username }));
    else setDeleting(user);
  };
  const create = (user: CreateUserInput) =>
    run({ kind: 'create', user }, t('admin.created', { username: user.username }));
  const confirmDelete = (user: AdminUser, transferTo: number | null) => {
    setDeleting(null);
    void run({ kind: 'delete', user, transferTo }, t('admin.deleted', { username: user.username }));
  };

  return (
    <Stack spacing={2}>
      <Stack sx={{ alignItems: { sm: 'center' } }} direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('admin.search')}
          type="search"
          size="small"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
          sx={{ minWidth: 280 }}
        />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          {t('admin.create')}
        </Button>
      </Stack>
      {users.isFetching || action.isPending ? <LinearProgress aria-label={t('common.loading')} /> : null}
      {users.isError ? <Alert severity="error">{t('admin.loadFailed')}</Alert> : null}
      {users.data ? (
        <TableContainer>
          <Table size="small" aria-label={t('screens.Admin')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('admin.username')}</TableCell>
                <TableCell>{t('admin.name')}</TableCell>
                <TableCell>{t('admin.email')}</TableCell>
                <TableCell align="right">{t('admin.dialogs')}</TableCell>
                <TableCell>{t('admin.status')}</TableCell>
                <TableCell align="right">{t('admin.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {users.data.users.map((user) => (
                <UserRow key={user.user_id} user={user} busy={action.isPending} onAction={onRow} />
              ))}
              {users.data.users.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6}>{t('admin.noUsers')}</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={users.data.total}
            page={page}
            onPageChange={(_, next) => setPage(next)}
            rowsPerPage={ADMIN_PAGE_SIZE}
            rowsPerPageOptions={[ADMIN_PAGE_SIZE]}
          />
        </TableContainer>
      ) : null}
      <CreateUserDialog open={creating} onClose={() => setCreating(false)} onCreate={create} />
      <DeleteUserDialog user={deleting} onCancel={() => setDeleting(null)} onConfirm={confirmDelete} />
      <DoneSnackbar message={done} onClose={() => setDone(null)} />
    </Stack>
  );
}
