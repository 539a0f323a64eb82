import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import '../../../contract/zod-setup.ts';
import { createSurveyRequest } from '../../../contract/dialogs.ts';
import { ApiError } from '../../api/client.ts';
import { useCreateSurvey } from '../../api/surveys-api.ts';
import { Popup } from '../../components/Popup.tsx';
import { validationText } from '../../i18n/validation.ts';

type Form = z.input<typeof createSurveyRequest>;

/** The name popup of 'Neuer Dialog': creates the dialog and opens it in the configurator. */
export function CreateSurveyDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateSurvey();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Form>({ resolver: zodResolver(createSurveyRequest), defaultValues: { survey_name: '' } });

  const close = () => {
    reset();
    create.reset();
    onClose();
  };

  const submit = async (values: Form) => {
    try {
      const { survey_id } = await create.mutateAsync(values.survey_name.trim());
      close();
      navigate(`/configurator/${encodeURIComponent(survey_id)}`);
    } catch (error) {
      console.error('create_survey failed', error);
    }
  };

  const failure = create.error instanceof ApiError ? create.error.msg || create.error.title : null;
  return (
    <Popup open={open} onClose={close} titleId="create-survey-title">
      <form noValidate onSubmit={handleSubmit(submit)}>
        <DialogTitle id="create-survey-title">{t('dashboard.createTitle')}</DialogTitle>
        <DialogContent>
          {failure ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          ) : null}
          <TextField
            label={t('dashboard.nameLabel')}
            autoFocus
            fullWidth
            margin="dense"
            error={!!errors.survey_name}
            helperText={validationText(errors.survey_name?.message, t)}
            {...register('survey_name')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t('dashboard.createSubmit')}
          </Button>
        </DialogActions>
      </form>
    </Popup>
  );
}
