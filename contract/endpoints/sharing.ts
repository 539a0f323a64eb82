import { apiErrors } from '../api-error.ts';
import { postGroup } from '../endpoint.ts';
import {
  acceptInvitationLinkRequest,
  changePermissionUserRequest,
  deleteSharingUserRequest,
  dialogPermissionsRequest,
  dialogPermissionsResponse,
  invitationRequest,
  invitationResultResponse,
  inviteUserRequest,
  pendingInvitationsResponse,
  resendInviteRequest,
  sharingResultResponse,
} from '../sharing.ts';
import { authorRoutes } from './author-routes.ts';

const authorCall = postGroup('sharing');
const mailErrors = apiErrors(409, 502);
const SHARE_RULES =
  "Needs the 'share' capability (owner, 'Voller Zugriff'); 403 for other members, 404 for non-members. " +
  'The owner and the caller cannot be changed or removed (400).';
/** Managing a dialog's members and invitations. */
const shareCall = postGroup('sharing', {
  dialog: 'share',
  description: SHARE_RULES,
  response: sharingResultResponse,
});
/** The invitee's answer to a pending invitation. */
const inviteeCall = postGroup('sharing', {
  body: invitationRequest,
  response: invitationResultResponse,
  errors: apiErrors(404),
});

/** The sharing calls of SPEC §7 and the invitee's calls to accept or decline. */
export const sharingEndpoints = {
  dialogPermissions: authorCall({
    path: '/api/get_dialog_permissions',
    dialog: 'view',
    summary: 'Owner and members of a dialog, and whether the caller may manage them (any member)',
    body: dialogPermissionsRequest,
    response: dialogPermissionsResponse,
  }),
  inviteUser: shareCall({
    path: '/api/invite_user',
    summary: 'Invite an e-mail address with a role; it gets a single-use link valid 7 days',
    description:
      `${SHARE_RULES} An address with an account becomes a pending member of that account (accepted on ` +
      'the dashboard or through the link); an unknown address registers through the link. 409 when the ' +
      'address is already a member or the owner; 502 when the mail could not be sent (the invitation ' +
      'is kept, resend_invite tries again).',
    body: inviteUserRequest,
    errors: mailErrors,
  }),
  resendInvite: shareCall({
    path: '/api/resend_invite',
    summary: 'Send a pending invitation again with the given role; the old link stops working',
    description: `${SHARE_RULES} 409 when the invitation was already accepted; 502 when the mail failed.`,
    body: resendInviteRequest,
    errors: mailErrors,
  }),
  changePermissionUser: shareCall({
    path: '/api/change_permission_user',
    summary: "Change a member's role",
    body: changePermissionUserRequest,
  }),
  deleteSharingUser: shareCall({
    path: '/api/delete_sharing_user',
    summary: 'Remove a member or withdraw an invitation (its link stops working)',
    body: deleteSharingUserRequest,
  }),
  pendingInvitations: authorCall({
    ...authorRoutes.pendingInvitations,
    summary: "The caller's invitations that wait to be accepted or declined",
    response: pendingInvitationsResponse,
  }),
  acceptInvitation: inviteeCall({
    ...authorRoutes.acceptInvitation,
    summary: 'Accept a pending invitation to a dialog (404 when there is none)',
  }),
  declineInvitation: inviteeCall({
    ...authorRoutes.declineInvitation,
    summary: 'Decline a pending invitation to a dialog (404 when there is none)',
  }),
  acceptInvitationLink: authorCall({
    path: '/api/accept_invitation_link',
    summary: "Accept the invitation of a mail's link as the signed-in account",
    description:
      'The account must be the invited one or own the invited address; 400 invalid_link for a used, ' +
      'expired or withdrawn link or another account.',
    body: acceptInvitationLinkRequest,
    response: invitationResultResponse,
  }),
};
