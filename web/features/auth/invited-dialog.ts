import type { Dialog } from '../../../contract/dialogs.ts';
import { authorApi } from '../../api/clients.ts';
import { landingPath } from '../../lib/landing-path.ts';
import { navigateTo } from '../../navigation.ts';
import { useDialogStore } from '../../state/dialog.ts';

/**
 * After an invitation was accepted: hold the dialog (POST /api/dialog, which every member may call) and
 * open the first module the invitee's role allows. The configurator would answer 403 to an 'Analysieren'
 * member, and the author client signs out on 403.
 */
export async function openInvitedDialog(surveyId: string): Promise<void> {
  try {
    const dialog = await authorApi.post<Dialog>('/api/dialog', { survey_id: surveyId });
    useDialogStore.getState().setDialog(dialog);
    navigateTo(landingPath(dialog.role, surveyId), { replace: true });
  } catch (failure) {
    // Without the role the configurator is the best guess: the server still decides what may be seen.
    console.warn('invited dialog could not be loaded', failure);
    navigateTo(`/configurator/${encodeURIComponent(surveyId)}`, { replace: true });
  }
}
