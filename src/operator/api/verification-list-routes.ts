import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { PageNumber, PageSize } from '../../platform/list-query.js';
import { errorResponses, Obj, StringEnum, titled } from '../../platform/schema.js';
import { listedStatuses, listVerifications } from '../../resources/kyc/repo-reviews.js';
import { comparedFields, verificationView, withOpenedFields } from '../../resources/kyc/review.js';

// GET /admin/v1/verifications (issue #27): the verifications waiting for compliance (status=REVIEWING), or in any
// other status, across workspaces or in one, with what a decision is made on. The decision itself is
// POST /admin/v1/workspaces/{workspaceId}/verifications/{email}/{decision} (admin/verification-routes.ts).

const tags = ['Operators'];
const Seconds = Type.Integer({ description: 'Unix seconds' });
const text = (description?: string) => Type.String(description ? { description } : {});
const Masked = (description: string) => Type.String({ description: `${description}; masked but for its last 4` });

const VerificationProfile = Type.Object(
  {
    firstName: Type.Optional(text()),
    lastName: Type.Optional(text()),
    birthdate: Type.Optional(text('YYYY-MM-DD')),
    birthCountry: Type.Optional(text()),
    phone: Type.Optional(text()),
    nationality: Type.Optional(text()),
    gender: Type.Optional(text()),
    employmentStatus: Type.Optional(text()),
    profession: Type.Optional(text('Activity sector code; its name is activitySector')),
    fundsOrigin: Type.Optional(text()),
    fundsOriginOthersReason: Type.Optional(text()),
    accountPurpose: Type.Optional(text()),
    depositEstimation: Type.Optional(Type.Object({ minimum: Type.Integer(), maximum: Type.Integer() })),
    addresses: Type.Optional(
      Type.Array(Type.Object({ street: text(), city: text(), state: text(), zip: text(), country: text() })),
    ),
    document: Type.Optional(
      Type.Object({ type: text(), id: Masked('Document number'), expiryDate: text(), issuingCountry: text() }),
    ),
    taxId: Type.Optional(Type.Object({ number: Masked('Tax id'), country: text() })),
    pepDeclaration: Type.Optional(text()),
  },
  { description: 'The KYC profile the partner sent (POST /v1/kyc/data), as recorded; absent fields were not sent' },
);

export const OperatorVerification = titled(
  'Verification',
  Type.Object({
    workspaceId: Type.String(),
    email: Type.String({ description: 'Whom the decision names: the customer, or the representative who submitted' }),
    accountId: Type.String({ description: "The email for a person; the organisation's account id for KYB" }),
    verificationType: StringEnum(['KYC', 'KYB']),
    status: StringEnum(listedStatuses),
    since: Type.Integer({
      description:
        'Unix seconds: when it entered its status, as near as stored (its newest submission, else its start)',
    }),
    submittedAt: Type.Optional({ ...Seconds, description: 'Unix seconds: the newest submission of the hosted page' }),
    profile: VerificationProfile,
    activitySector: Type.Optional(
      Type.Object({
        code: Type.String(),
        name: Type.Union([Type.String(), Type.Null()], { description: 'The catalogue name; null for an unknown code' }),
        declaredBy: StringEnum(['partner', 'customer'], {
          description: 'customer: picked on the hosted page because the partner sent no profession',
        }),
      }),
    ),
    document: Type.Optional(
      Type.Object(
        {
          type: Type.Optional(text()),
          number: Type.Optional(Masked('As typed')),
          issuingCountry: Type.Optional(text()),
          expiryDate: Type.Optional(text()),
          organisation: Type.Optional(
            Type.Object({ legalName: Type.Optional(text()), registrationNumber: Type.Optional(text()) }),
          ),
          fileType: Type.Optional(text('The kept image or PDF (seen in the console); absent when none was kept')),
        },
        { description: 'What the customer typed on the document form of the newest submission; not the image' },
      ),
    ),
    mismatches: Type.Optional(
      Type.Array(StringEnum(comparedFields), {
        description:
          'Fields where the profile and the document form disagree (case, spaces and accents ignored); sector is the profession',
      }),
    ),
  }),
);

const ListQuery = Obj({
  status: Type.Optional(
    Type.Array(StringEnum(listedStatuses), {
      description: 'One value, or repeated for several; absent: every status. REVIEWING is the queue',
      maxItems: listedStatuses.length,
    }),
  ),
  workspaceId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Absent: every workspace' })),
  order: Type.Optional(
    StringEnum(['oldest', 'newest'], {
      description: 'By since; default oldest first (a queue is worked from its head)',
    }),
  ),
  limit: Type.Optional(PageSize()),
  page: Type.Optional(PageNumber()),
});

export async function verificationListAdminRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/verifications',
    {
      schema: {
        operationId: 'admin.verifications.list',
        tags,
        summary:
          "Every workspace's verifications (or one's), oldest first, with the partner's KYC profile and the document typed (status=REVIEWING: the queue)",
        querystring: ListQuery,
        response: { 200: Type.Array(OperatorVerification), ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => {
      const { status, workspaceId, order, limit, page = 0 } = request.query;
      const size = limit === undefined || limit === 0 ? 50 : limit;
      const rows = withOpenedFields(
        ctx.secretsKeyring,
        await listVerifications(ctx.db, {
          statuses: status,
          workspaceId,
          newestFirst: order === 'newest',
          limit: size,
          offset: page * size,
        }),
      );
      // The operator API's bearer ADMIN_TOKEN acts as an admin: a role that may decide, so it reads the document.
      return rows.map((row) => verificationView(row, { withDocument: true }));
    },
  );
}
