import type { Dialog } from '../../../contract/dialogs.ts';
import { authorApi } from '../../api/clients.ts';
import { navigateTo } from '../../navigation.ts';
import { useDialogStore } from '../../state/dialog.ts';
import { landingPath } from '../share/share-rules.ts';

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
    console.warn('invited dialog could not be loaded; opening the dashboard', failure);
    navigateTo('/dashboard', { replace: true });
  }
}
