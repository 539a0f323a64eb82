import PublishIcon from '@mui/icons-material/Publish';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VERSION_NOTE_MAX } from '../../../../contract/versions.ts';
import { usePublishVersion } from '../../../api/versions-api.ts';
import { Popup } from '../../../components/Popup.tsx';
import { failureText } from '../../../lib/failure-text.ts';
import { useController } from '../context.ts';

/** 'Veröffentlichen' with an optional note: new chats get the draft from then on. */
export function PublishButton({ surveyId, differs }: { surveyId: string; differs: boolean }) {
  const { t } = useTranslation();
  const controller = useController();
  const publish = usePublishVersion(surveyId);
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const tooLong = note.length > VERSION_NOTE_MAX;
  const close = () => {
    setOpen(false);
    publish.reset();
  };
  const submit = async () => {
    // Writes still on their way belong to the draft that is published.
    await controller.settled();
    publish.mutate(note.trim(), {
      onSuccess: (res) => {
        setOpen(false);
        setNote('');
        controller.showNotice('success', t('versions.publish.done', { number: res.version.number }));
      },
    });
  };
  return (
    <>
      <Button
        variant="contained"
        color="secondary"
        startIcon={<PublishIcon />}
        disabled={!differs}
        title={differs ? undefined : t('versions.publish.nothing')}
        onClick={() => setOpen(true)}
      >
        {t('versions.publish.button')}
      </Button>
      <Popup open={open} onClose={close} titleId="publish-title">
        <DialogTitle id="publish-title">{t('versions.publish.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('versions.publish.text')}</DialogContentText>
          <TextField
            label={t('versions.publish.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={2}
            fullWidth
            error={tooLong || publish.isError}
            helperText={
              tooLong
                ? t('versions.publish.noteTooLong', { max: VERSION_NOTE_MAX })
                : publish.isError
                  ? failureText(t('versions.publish.failed'), publish.error)
                  : t('versions.publish.noteHelp')
            }
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button variant="contained" disabled={tooLong || publish.isPending} onClick={() => void submit()}>
            {t('versions.publish.submit')}
          </Button>
        </DialogActions>
      </Popup>
    </>
  );
}
