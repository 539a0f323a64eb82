import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import type { AppContext } from '../context.ts';
import {
  acceptInvitation,
  acceptInvitationLink,
  declineInvitation,
  pendingInvitations,
} from '../sharing/invitations.ts';
import {
  changePermission,
  deleteSharingUser,
  dialogPermissions,
  inviteUser,
  resendInvite,
} from '../sharing/service.ts';
import { serve } from './serve.ts';

/** The sharing calls of SPEC §7 and the invitee's calls to accept or decline. */
export function registerSharingRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, endpoints.dialogPermissions, ({ access }) => dialogPermissions(ctx, access));
  serve(app, ctx, endpoints.inviteUser, ({ access, log, body }) => inviteUser(ctx, log, access, body));
  serve(app, ctx, endpoints.resendInvite, ({ access, log, body }) => resendInvite(ctx, log, access, body));
  serve(app, ctx, endpoints.changePermissionUser, ({ access, body }) => changePermission(ctx, access, body));
  serve(app, ctx, endpoints.deleteSharingUser, ({ access, body }) => deleteSharingUser(ctx, access, body));
  serve(app, ctx, endpoints.pendingInvitations, ({ principal }) => pendingInvitations(ctx, principal.id));
  serve(app, ctx, endpoints.acceptInvitation, ({ principal, body }) =>
    acceptInvitation(ctx, principal.id, body.survey_id),
  );
  serve(app, ctx, endpoints.declineInvitation, ({ principal, body }) =>
    declineInvitation(ctx, principal.id, body.survey_id),
  );
  serve(app, ctx, endpoints.acceptInvitationLink, ({ principal, body }) =>
    acceptInvitationLink(ctx, principal.id, body.magic_link),
  );
}
