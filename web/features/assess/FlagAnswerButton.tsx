import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlagAnswerResponse } from '../../../contract/chat-feedback.ts';
import { ApiError } from '../../api/client.ts';
import { authorApi } from '../../api/clients.ts';
import { showApiError } from '../../state/error.ts';

/**
 * 'Falsch zugeordnet' under a routed free-text answer of the assessment chat: the author picks the
 * branch that would have been right (or none) and the answer goes to the training inbox, flagged.
 */
export function FlagAnswerButton(props: {
  surveyId: string;
  uniqueQuestionId: string;
  seq: number;
  branches: readonly string[];
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [state, setState] = useState<'idle' | 'saving' | 'flagged'>('idle');
  if (state === 'flagged') {
    return <Chip size="small" color="secondary" icon={<FlagOutlinedIcon />} label={t('assess.flagged')} />;
  }
  const flag = (expected: string | null) => {
    setAnchor(null);
    setState('saving');
    authorApi
      .post<FlagAnswerResponse>('/api/chat/flag_answer', {
        survey_id: props.surveyId,
        unique_question_id: props.uniqueQuestionId,
        seq: props.seq,
        expected_branch: expected,
      })
      .then(
        () => setState('flagged'),
        (error: unknown) => {
          setState('idle');
          if (error instanceof ApiError) showApiError(error);
        },
      );
  };
  return (
    <>
      <Button
        size="small"
        color="inherit"
        startIcon={<FlagOutlinedIcon />}
        disabled={state === 'saving'}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t('assess.flag')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <ListSubheader sx={{ lineHeight: 1.4, py: 1, maxWidth: 320, whiteSpace: 'normal' }}>
          {t('assess.flagTitle')}
        </ListSubheader>
        {props.branches.map((branch) => (
          <MenuItem key={branch} onClick={() => flag(branch)}>
            {branch}
          </MenuItem>
        ))}
        <MenuItem onClick={() => flag(null)}>{t('assess.flagNoBranch')}</MenuItem>
      </Menu>
    </>
  );
}
