import { Type } from 'typebox';
import { partnerUserRoles } from '../domain/partner-users/permissions.js';
import { Email, Obj, StringEnum, titled } from '../platform/schema.js';

// The partner users as the operator API shows and takes them (issue 30, item 1): /admin/v1/workspaces/{workspaceId}/
// dashboard-users. The dashboard's own page shows the same fields.

export const PartnerUserRoleSchema = StringEnum(partnerUserRoles, {
  description:
    'viewer reads everything of the workspace; developer also manages webhook endpoints, re-sends events and drives the stage sandbox; admin also rotates credentials and manages the dashboard users',
});

export const InvitePartnerUserBody = Obj({ email: Email, role: PartnerUserRoleSchema });
export const PartnerUserRoleBody = Obj({ role: PartnerUserRoleSchema });

export const PartnerUser = titled(
  'Dashboard user',
  Type.Object({
    partnerUserId: Type.String(),
    workspaceId: Type.String(),
    email: Type.String(),
    role: PartnerUserRoleSchema,
    enrolled: Type.Boolean({
      description: 'Whether the person has set a password and a second factor through the enrolment link',
    }),
    disabled: Type.Boolean(),
    enrolmentExpiresAt: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Unix seconds; when the enrolment link stops working; null once enrolled',
    }),
    createdAt: Type.Integer({ description: 'Unix seconds' }),
    lastSignInAt: Type.Union([Type.Integer(), Type.Null()], { description: 'Unix seconds' }),
  }),
);

export const PartnerUserWithEnrolment = titled(
  'Dashboard user and enrolment link',
  Type.Object({
    partnerUser: PartnerUser,
    enrolmentUrl: Type.String({
      description:
        'Shown only now: the person opens it to set a password and a second factor at /dashboard/enrol; it works once',
    }),
  }),
);

export const PartnerUserList = titled('Dashboard users', Type.Object({ data: Type.Array(PartnerUser) }));

export const PartnerUserParams = Obj({
  workspaceId: Type.String({ minLength: 1, maxLength: 64 }),
  partnerUserId: Type.String({ minLength: 1, maxLength: 64 }),
});
