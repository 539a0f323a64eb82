import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../contract/admin.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useUsers } from './admin-api.ts';

const PICK_LIMIT = 20;

function optionLabel(u: AdminUser): string {
  const name = `${u.first_name} ${u.last_name}`.trim();
  return name ? `${u.username} (${name})` : u.username;
}

/**
 * Deleting an account: its dialogs go to an owner the admin picks (required when it owns any), so no
 * dialog is ever lost. The candidates come from the account search.
 */
export function DeleteUserDialog({
  user,
  onCancel,
  onConfirm,
}: {
  user: AdminUser | null;
  onCancel(): void;
  onConfirm(user: AdminUser, transferTo: number | null): void;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [target, setTarget] = useState<AdminUser | null>(null);
  const needsTarget = (user?.owned_surveys ?? 0) > 0;
  const candidates = useUsers(input.trim(), 0, PICK_LIMIT);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new account to delete starts a new choice
  useEffect(() => {
    setInput('');
    setTarget(null);
  }, [user?.user_id]);

  const options = (candidates.data?.users ?? []).filter((u) => u.user_id !== user?.user_id && !u.disabled);
  return (
    <ConfirmDialog
      open={user !== null}
      title={t('admin.deleteTitle')}
      text={t('admin.deleteText', { username: user?.username ?? '' })}
      confirmLabel={t('admin.delete')}
      confirmColor="error"
      confirmDisabled={needsTarget && target === null}
      onCancel={onCancel}
      onConfirm={() => user && onConfirm(user, needsTarget ? (target?.user_id ?? null) : null)}
    >
      {needsTarget ? (
        <Autocomplete
          sx={{ mt: 2 }}
          options={options}
          value={target}
          onChange={(_, value) => setTarget(value)}
          inputValue={input}
          onInputChange={(_, value) => setInput(value)}
          filterOptions={(o) => o}
          isOptionEqualToValue={(a, b) => a.user_id === b.user_id}
          getOptionLabel={optionLabel}
          loading={candidates.isFetching}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('admin.transferTo')}
              helperText={
                target
                  ? t('admin.deleteTransfer', { count: user?.owned_surveys ?? 0 })
                  : t('admin.transferRequired')
              }
            />
          )}
        />
      ) : null}
    </ConfirmDialog>
  );
}
