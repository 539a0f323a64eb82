import { apiErrorSchema } from '../api-error.ts';
import { endpoint } from '../endpoint.ts';
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

const tags = ['sharing'];
const mailErrors = { 409: apiErrorSchema, 502: apiErrorSchema };
const SHARE_RULES =
  "Needs the 'share' capability (owner, 'Voller Zugriff'); 403 for other members, 404 for non-members. " +
  'The owner and the caller cannot be changed or removed (400).';

/** The sharing calls of SPEC §7 and the invitee's calls to accept or decline. */
export const sharingEndpoints = {
  dialogPermissions: endpoint({
    method: 'POST',
    path: '/api/get_dialog_permissions',
    caller: 'author',
    dialog: 'view',
    tags,
    summary: 'Owner and members of a dialog, and whether the caller may manage them (any member)',
    body: dialogPermissionsRequest,
    response: dialogPermissionsResponse,
  }),
  inviteUser: endpoint({
    method: 'POST',
    path: '/api/invite_user',
    caller: 'author',
    dialog: 'share',
    tags,
    summary: 'Invite an e-mail address with a role; it gets a single-use link valid 7 days',
    description:
      `${SHARE_RULES} An address with an account becomes a pending member of that account (accepted on ` +
      'the dashboard or through the link); an unknown address registers through the link. 409 when the ' +
      'address is already a member or the owner; 502 when the mail could not be sent (the invitation ' +
      'is kept, resend_invite tries again).',
    body: inviteUserRequest,
    response: sharingResultResponse,
    errors: mailErrors,
  }),
  resendInvite: endpoint({
    method: 'POST',
    path: '/api/resend_invite',
    caller: 'author',
    dialog: 'share',
    tags,
    summary: 'Send a pending invitation again with the given role; the old link stops working',
    description: `${SHARE_RULES} 409 when the invitation was already accepted; 502 when the mail failed.`,
    body: resendInviteRequest,
    response: sharingResultResponse,
    errors: mailErrors,
  }),
  changePermissionUser: endpoint({
    method: 'POST',
    path: '/api/change_permission_user',
    caller: 'author',
    dialog: 'share',
    tags,
    summary: "Change a member's role",
    description: SHARE_RULES,
    body: changePermissionUserRequest,
    response: sharingResultResponse,
  }),
  deleteSharingUser: endpoint({
    method: 'POST',
    path: '/api/delete_sharing_user',
    caller: 'author',
    dialog: 'share',
    tags,
    summary: 'Remove a member or withdraw an invitation (its link stops working)',
    description: SHARE_RULES,
    body: deleteSharingUserRequest,
    response: sharingResultResponse,
  }),
  pendingInvitations: endpoint({
    method: 'POST',
    path: '/api/get_pending_invitations',
    caller: 'author',
    tags,
    summary: "The caller's invitations that wait to be accepted or declined",
    response: pendingInvitationsResponse,
  }),
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/api/accept_invitation',
    caller: 'author',
    tags,
    summary: 'Accept a pending invitation to a dialog (404 when there is none)',
    body: invitationRequest,
    response: invitationResultResponse,
    errors: { 404: apiErrorSchema },
  }),
  declineInvitation: endpoint({
    method: 'POST',
    path: '/api/decline_invitation',
    caller: 'author',
    tags,
    summary: 'Decline a pending invitation to a dialog (404 when there is none)',
    body: invitationRequest,
    response: invitationResultResponse,
    errors: { 404: apiErrorSchema },
  }),
  acceptInvitationLink: endpoint({
    method: 'POST',
    path: '/api/accept_invitation_link',
    caller: 'author',
    tags,
    summary: "Accept the invitation of a mail's link as the signed-in account",
    description:
      'The account must be the invited one or own the invited address; 400 invalid_link for a used, ' +
      'expired or withdrawn link or another account.',
    body: acceptInvitationLinkRequest,
    response: invitationResultResponse,
  }),
};
