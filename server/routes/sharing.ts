import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../contract/api-error.ts';
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
} from '../../contract/sharing.ts';
import { requireAuthor } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import {
  acceptInvitation,
  acceptInvitationLink,
  declineInvitation,
  pendingInvitations,
} from '../sharing/invitations.ts';
import { requireDialog } from '../sharing/permissions.ts';
import {
  changePermission,
  deleteSharingUser,
  dialogPermissions,
  inviteUser,
  resendInvite,
} from '../sharing/service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
const mailErrors = { 409: apiErrorSchema, 502: apiErrorSchema };

const SHARE_RULES =
  "Needs the 'share' capability (owner, 'Voller Zugriff'); 403 for other members, 404 for non-members. " +
  'The owner and the caller cannot be changed or removed (400).';

/** The sharing calls of SPEC §7 and the invitee's calls to accept or decline (issue 5). */
export function registerSharingRoutes(instance: FastifyInstance, ctx: AppContext): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['sharing'];

  app.post(
    '/api/get_dialog_permissions',
    {
      schema: {
        tags,
        summary: 'Owner and members of a dialog, and whether the caller may manage them (any member)',
        body: dialogPermissionsRequest,
        response: { 200: dialogPermissionsResponse, ...errors },
      },
    },
    async (req) => dialogPermissions(ctx, await requireDialog(ctx, req, req.body.survey_id, 'view')),
  );

  app.post(
    '/api/invite_user',
    {
      schema: {
        tags,
        summary: 'Invite an e-mail address with a role; it gets a single-use link valid 7 days',
        description:
          `${SHARE_RULES} An address with an account becomes a pending member of that account (accepted on ` +
          'the dashboard or through the link); an unknown address registers through the link. 409 when the ' +
          'address is already a member or the owner; 502 when the mail could not be sent (the invitation ' +
          'is kept, resend_invite tries again).',
        body: inviteUserRequest,
        response: { 200: sharingResultResponse, ...errors, ...mailErrors },
      },
    },
    async (req) =>
      inviteUser(ctx, req.log, await requireDialog(ctx, req, req.body.survey_id, 'share'), req.body),
  );

  app.post(
    '/api/resend_invite',
    {
      schema: {
        tags,
        summary: 'Send a pending invitation again with the given role; the old link stops working',
        description: `${SHARE_RULES} 409 when the invitation was already accepted; 502 when the mail failed.`,
        body: resendInviteRequest,
        response: { 200: sharingResultResponse, ...errors, ...mailErrors },
      },
    },
    async (req) =>
      resendInvite(ctx, req.log, await requireDialog(ctx, req, req.body.survey_id, 'share'), req.body),
  );

  app.post(
    '/api/change_permission_user',
    {
      schema: {
        tags,
        summary: "Change a member's role",
        description: SHARE_RULES,
        body: changePermissionUserRequest,
        response: { 200: sharingResultResponse, ...errors },
      },
    },
    async (req) =>
      changePermission(ctx, await requireDialog(ctx, req, req.body.survey_id, 'share'), req.body),
  );

  app.post(
    '/api/delete_sharing_user',
    {
      schema: {
        tags,
        summary: 'Remove a member or withdraw an invitation (its link stops working)',
        description: SHARE_RULES,
        body: deleteSharingUserRequest,
        response: { 200: sharingResultResponse, ...errors },
      },
    },
    async (req) =>
      deleteSharingUser(ctx, await requireDialog(ctx, req, req.body.survey_id, 'share'), req.body),
  );

  app.post(
    '/api/get_pending_invitations',
    {
      schema: {
        tags,
        summary: "The caller's invitations that wait to be accepted or declined",
        response: { 200: pendingInvitationsResponse, ...errors },
      },
    },
    async (req) => pendingInvitations(ctx, (await requireAuthor(ctx, req)).id),
  );

  app.post(
    '/api/accept_invitation',
    {
      schema: {
        tags,
        summary: 'Accept a pending invitation to a dialog (404 when there is none)',
        body: invitationRequest,
        response: { 200: invitationResultResponse, ...errors },
      },
    },
    async (req) => acceptInvitation(ctx, (await requireAuthor(ctx, req)).id, req.body.survey_id),
  );

  app.post(
    '/api/decline_invitation',
    {
      schema: {
        tags,
        summary: 'Decline a pending invitation to a dialog (404 when there is none)',
        body: invitationRequest,
        response: { 200: invitationResultResponse, ...errors },
      },
    },
    async (req) => declineInvitation(ctx, (await requireAuthor(ctx, req)).id, req.body.survey_id),
  );

  app.post(
    '/api/accept_invitation_link',
    {
      schema: {
        tags,
        summary: "Accept the invitation of a mail's link as the signed-in account",
        description:
          'The account must be the invited one or own the invited address; 400 invalid_link for a used, ' +
          'expired or withdrawn link or another account.',
        body: acceptInvitationLinkRequest,
        response: { 200: invitationResultResponse, ...errors },
      },
    },
    async (req) => acceptInvitationLink(ctx, (await requireAuthor(ctx, req)).id, req.body.magic_link),
  );
}
