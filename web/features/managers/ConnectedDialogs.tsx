import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectedSurvey } from '../../../contract/managers.ts';
import { useDialogLinks } from '../../api/managers-api.ts';
import { useSurveyList } from '../../api/surveys-api.ts';
import { addDialog, dialogChoices, moveDialog, removeDialog } from './manager-form.ts';

/**
 * The manager's dialogs in their order: add one of mine (connecting needs the configure right, so only
 * those are offered; one that belongs to another manager is shown as taken and cannot be picked),
 * remove, move up and down.
 */
export function ConnectedDialogs({
  managerId,
  value,
  onChange,
  readOnly,
}: {
  managerId: number;
  value: ConnectedSurvey[];
  onChange(next: ConnectedSurvey[]): void;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const surveys = useSurveyList();
  const links = useDialogLinks();
  const [picked, setPicked] = useState('');
  const offered = dialogChoices(surveys.data ?? [], value, links.data ?? [], managerId);
  const free = offered.filter((s) => s.taken === null);
  const add = () => {
    const survey = free.find((s) => s.survey_id === picked);
    if (!survey) return;
    onChange(addDialog(value, survey));
    setPicked('');
  };
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h3">
        {t('managers.connected.title')}
      </Typography>
      {value.length === 0 ? (
        <Typography color="text.secondary">{t('managers.connected.none')}</Typography>
      ) : (
        <List dense aria-label={t('managers.connected.title')}>
          {value.map((s, i) => (
            <ListItem
              key={s.survey_id}
              divider
              secondaryAction={
                readOnly ? null : (
                  <Stack direction="row">
                    <IconButton
                      aria-label={`${t('managers.connected.up')}: ${s.survey_name}`}
                      disabled={i === 0}
                      onClick={() => onChange(moveDialog(value, i, -1))}
                    >
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={`${t('managers.connected.down')}: ${s.survey_name}`}
                      disabled={i === value.length - 1}
                      onClick={() => onChange(moveDialog(value, i, 1))}
                    >
                      <ArrowDownwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={`${t('managers.connected.remove')}: ${s.survey_name}`}
                      onClick={() => onChange(removeDialog(value, s.survey_id))}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Stack>
                )
              }
            >
              <ListItemText primary={`${s.order}. ${s.survey_name}`} />
            </ListItem>
          ))}
        </List>
      )}
      {readOnly ? null : (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('managers.connected.removeNote')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              select
              size="small"
              label={t('managers.connected.addLabel')}
              value={picked}
              onChange={(e) => setPicked(e.target.value)}
              sx={{ minWidth: 260 }}
              helperText={surveys.isSuccess && free.length === 0 ? t('managers.connected.noneLeft') : ' '}
            >
              {offered.map((s) => (
                <MenuItem key={s.survey_id} value={s.survey_id} disabled={s.taken !== null}>
                  {s.taken === null ? (
                    s.survey_name
                  ) : (
                    <ListItemText
                      primary={s.survey_name}
                      secondary={t('managers.connected.taken', { manager: s.taken.manager_name })}
                    />
                  )}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              disabled={picked === ''}
              onClick={add}
              sx={{ mb: { sm: 2.5 } }}
            >
              {t('managers.connected.add')}
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  );
}
