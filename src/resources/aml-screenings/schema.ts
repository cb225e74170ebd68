import { Type } from 'typebox';
import { amlResolutions, amlScreeningStatuses } from '../../domain/states/aml-screening-status.js';
import { named } from '../../platform/components.js';
import { PageNumber, PageSize, UnixSecondsFilter } from '../../platform/list-query.js';
import { Country, Email, Envelope, Obj, StringEnum, titled } from '../../platform/schema.js';

const entityTypes = ['INDIVIDUAL', 'BUSINESS'] as const;
/** Some visible character, and no control character or lone surrogate (which PostgreSQL's jsonb refuses). */
const NamePart = (maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: '^(?=.*\\S)[^\\p{Cc}\\p{Cs}]+$' });

export const CreateAmlScreeningRequest = Obj({
  entityType: StringEnum(entityTypes),
  firstName: Type.Optional({ ...NamePart(100), description: 'INDIVIDUAL: required' }),
  middleName: Type.Optional(NamePart(100)),
  lastName: Type.Optional({ ...NamePart(100), description: 'INDIVIDUAL: required' }),
  businessName: Type.Optional({ ...NamePart(200), description: 'BUSINESS: required' }),
  dateOfBirth: Type.Optional(
    Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'INDIVIDUAL only; YYYY-MM-DD' }),
  ),
  country: Type.Optional(Country),
  userEmail: Type.Optional({
    ...Email,
    description:
      "Ties the screening to the customer's account: while it is CONFIRMED_MATCH, the account's orders and deposits are refused (403)",
  }),
});

export const AmlMatch = named(
  'AmlMatch',
  Type.Object({
    list: Type.String({ description: 'OFAC_SDN, or SANDBOX in stage' }),
    entryId: Type.String({ description: "The entry's id on the list (OFAC: ent_num)" }),
    listedName: Type.String(),
    matchedName: Type.String({ description: 'The listed name or alias that scored best' }),
    programs: Type.Array(Type.String()),
    score: Type.Number({ minimum: 0, maximum: 1, description: 'Name similarity; matches start at 0.88' }),
    datesOfBirth: Type.Array(Type.String(), { description: 'As listed' }),
  }),
);

export const ScreenedList = Type.Object({
  list: Type.String(),
  listDate: Type.Optional(Type.String({ description: 'The list publication date, when known' })),
  importedAt: Type.Optional(Type.Integer({ description: 'Unix seconds' })),
});

const screeningProperties = {
  screeningId: Type.String({ format: 'uuid' }),
  entityType: StringEnum(entityTypes),
  status: StringEnum(amlScreeningStatuses),
  firstName: Type.Optional(Type.String()),
  middleName: Type.Optional(Type.String()),
  lastName: Type.Optional(Type.String()),
  businessName: Type.Optional(Type.String()),
  dateOfBirth: Type.Optional(Type.String()),
  country: Type.Optional(Type.String()),
  userEmail: Type.Optional(Type.String()),
  matches: Type.Array(AmlMatch),
  lists: Type.Array(ScreenedList, { description: 'The lists screened against' }),
  resolutionNote: Type.Optional(Type.String()),
  resolvedAt: Type.Optional(Type.Integer({ description: 'Unix seconds' })),
  createdAt: Type.Integer({ description: 'Unix seconds' }),
  updatedAt: Type.Integer({ description: 'Unix seconds' }),
};

export const AmlScreening = named('AmlScreening', Type.Object(screeningProperties));
export const AmlScreeningEnvelope = Envelope(AmlScreening);
export const AmlScreeningsEnvelope = Envelope(Type.Array(AmlScreening));

/** What operators see: the screening and its workspace. */
export const OperatorAmlScreening = titled(
  'AML screening',
  Type.Object({ ...screeningProperties, workspaceId: Type.String() }),
);

export const AmlListQuery = Obj({
  status: Type.Optional(
    Type.Array(StringEnum(amlScreeningStatuses), {
      description: 'One value, or repeated for several',
      maxItems: amlScreeningStatuses.length,
    }),
  ),
  entityType: Type.Optional(StringEnum(entityTypes)),
  userEmail: Type.Optional(Email),
  from: Type.Optional(UnixSecondsFilter()),
  to: Type.Optional(UnixSecondsFilter()),
  limit: Type.Optional(PageSize()),
  page: Type.Optional(PageNumber()),
});

export const ResolveAmlScreeningRequest = Obj({
  status: StringEnum(amlResolutions),
  note: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 1000,
      // Line breaks are welcome; NUL and lone surrogates are not text PostgreSQL stores.
      pattern: '^[^\\u0000\\p{Cs}]+$',
      description: 'Why; kept on the screening',
    }),
  ),
});
