import type { ExampleCatalogue } from '../../platform/openapi-examples.js';

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */
export const kycExamples: ExampleCatalogue = {
  'kyc.submitData': {
    request: {
      value: {
        userEmail: 'smtp-1-6d06db@example.com',
        firstName: 'Ana',
        lastName: 'Silva',
        birthdate: '1990-04-12',
        nationality: 'PT',
        phone: '+351912345678',
        addresses: [
          {
            street: 'Rua Augusta 1',
            city: 'Lisboa',
            state: 'Lisboa',
            zip: '1100-048',
            country: 'PT',
          },
        ],
        employmentStatus: 'employed',
        fundsOrigin: 'salary',
        accountPurpose: 'savings',
      },
    },
    responses: {
      '200': {
        value: {
          success: true,
          providedFields: ['firstName', 'lastName'],
          missingFields: [],
        },
      },
    },
    errors: {
      '400': {
        message: 'fundsOriginOthersReason is required when fundsOrigin is others',
        numbered: 'invalidParameters',
      },
    },
  },
  'kyc.createLink': {
    request: {
      value: {
        userEmail: 'smtp-1-6d06db@example.com',
        countryCode: 'PT',
        type: 'INDIVIDUAL',
        sendOTPMail: true,
      },
    },
    responses: {
      '200': {
        value: {
          success: true,
          status: 'PENDING',
          userEmail: 'smtp-1-6d06db@example.com',
          missingInfo: {},
          missingFields: [],
          kycUrl: 'http://127.0.0.1:3000/kyc/start/OKVL4VVBv0-uiyTy0Oo2HxYQkvEblcxn2xDkO2ihinI',
          kycId: 'kyc_92a808e5-938a-4518-a273-e9b29961c65f',
          accountId: 'smtp-1-6d06db@example.com',
        },
      },
    },
    errors: {
      '400': {
        message: 'userEmail is required',
      },
      '409': [
        {
          message:
            'rep@org1.example represents organisation org_34e47883-cf3c-4b4d-ba90-0490b4908d04; verify it with type BUSINESS',
        },
        {
          message: 'person@example.com has an individual verification (APPROVED); it cannot become a business one',
        },
        {
          message: 'pending@example.com has an individual verification (PENDING); it cannot become a business one',
        },
      ],
    },
  },
  'kyc.get': {
    parameters: {
      accountEmail: 'status@example.com',
    },
    responses: {
      '200': {
        value: {
          ok: true,
          value: {
            status: 'NOT_AVAILABLE',
            missingFields: ['firstName', 'lastName'],
          },
        },
      },
    },
    errors: {
      '400': {
        message: 'path parameter accountEmail must be a valid email',
      },
    },
  },
  'admin.verifications.list': {
    parameters: {
      status: ['REVIEWING'],
      workspaceId: '37c0d06d-6250-47ec-b516-74bad604cd63',
      order: 'oldest',
      limit: 50,
      page: 0,
    },
    responses: {
      '200': {
        value: [
          {
            workspaceId: '37c0d06d-6250-47ec-b516-74bad604cd63',
            email: 'ana@example.com',
            accountId: 'ana@example.com',
            verificationType: 'KYC',
            status: 'REVIEWING',
            since: 1748856000,
            submittedAt: 1748856000,
            profile: {
              firstName: 'Ana',
              lastName: 'Silva',
              birthdate: '1990-04-12',
              phone: '+351912345678',
              nationality: 'PT',
              employmentStatus: 'employed',
              profession: '50',
              fundsOrigin: 'salary',
              accountPurpose: 'savings',
              addresses: [{ street: 'Rua Augusta 1', city: 'Lisboa', state: 'Lisboa', zip: '1100-048', country: 'PT' }],
              document: { type: 'passport', id: '****4567', expiryDate: '2031-01-31', issuingCountry: 'PT' },
            },
            activitySector: { code: '50', name: 'Technology', declaredBy: 'customer' },
            document: {
              type: 'passport',
              number: '****4567',
              issuingCountry: 'PT',
              expiryDate: '2030-01-31',
              fileType: 'image/png',
            },
            mismatches: ['expiryDate'],
          },
        ],
      },
    },
    errors: {
      '400': {
        message: 'query parameter status[0] must be one of: PENDING, IN_PROGRESS, REVIEWING, APPROVED, REJECTED',
      },
    },
  },
};
