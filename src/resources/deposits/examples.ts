import { type ExampleCatalogue, idempotencyConflicts, writeLimited } from '../../platform/openapi-examples.js';

// Fixtures other examples build on: the payer, the stage sandbox's SEPA collection account, a deposit and a deposit
// method as a read answers them.

/** Ana Silva as a partner sends her (userData): the deposit and order requests (orders/examples-create.ts). */
export const anaSilvaUserData = {
  firstName: 'Ana',
  lastName: 'Silva',
  userEmail: 'ana.silva@example.com',
  country: 'PT',
  address: 'Rua Augusta 24',
  city: 'Lisboa',
  postalCode: '1100-053',
  phoneNumber: '+351912345678',
} as const;

/**
 * The payer of the orders the stage run placed, as a read answers her (the stored keys' order): deposits.get, and
 * every order read back (orders/examples.ts, simulate/helper-examples.ts, the operators' compliance decision).
 */
export const anaOrdersUserData = {
  city: 'Austin',
  state: 'TX',
  taxId: '52998224725',
  address: '1 Main St',
  country: 'PT',
  lastName: 'Silva',
  firstName: 'Ana',
  userEmail: 'ana.orders@example.com',
  postalCode: '73301',
  phoneNumber: '+254712345678',
} as const;

// The stage sandbox's collection account, named in every SEPA depositInfo.
const stageBic = 'BRKSNL20';
const stageBankName = 'Brokerage Stage Bank (sandbox)';
const stageAccountHolder = 'Brokerage Stage Collections';
/** The reference the payer quotes: BRK and the deposit's (order's, method's) id after its PRE. */
const referenceOf = (id: string) => `BRK${id.slice(3)}`;

/**
 * Where the payer of deposit, order or deposit method `id` sends EUR by SEPA, as a read answers it (a deposit
 * method's has no amount): deposits and deposit methods here, orders (orders/examples.ts), the simulate helpers and
 * the operators' compliance decision.
 */
export const sepaDepositInfo = (id: string, iban: string, amount?: number) => ({
  depositType: 'SEPA',
  bic: stageBic,
  iban,
  ...(amount === undefined ? {} : { amount }),
  bankName: stageBankName,
  accountHolder: stageAccountHolder,
  referenceCode: referenceOf(id),
});

/** The same, as a create answers it (its keys in the order they are set): deposits.create and orders.create. */
export const sepaDepositInfoAsCreated = (id: string, iban: string, amount: number) => ({
  depositType: 'SEPA',
  accountHolder: stageAccountHolder,
  iban,
  bic: stageBic,
  bankName: stageBankName,
  amount,
  referenceCode: referenceOf(id),
});

/** What a EUR deposit holds while it waits for the payer: exampleDeposit, and deposits.create's answer. */
const waitingEurDeposit = {
  amount: 0,
  currency: 'EUR',
  feeCurrency: 'EUR',
  fee: 0,
  expectedFee: 0,
  status: 'Pending',
  depositInfoPending: false,
} as const;

/**
 * Deposit PRECZSPHVX5UO6E, EUR 42 by SEPA, waiting for the payer, as deposits.get answers it. The simulate helpers
 * (an expired deposit) and the operators' compliance decision (a cleared one) show others like it.
 */
export const exampleDeposit = {
  depositId: 'PRECZSPHVX5UO6E',
  userData: anaOrdersUserData,
  createdAt: 1748856610,
  rail: 'SEPA',
  ...waitingEurDeposit,
  depositInfo: sepaDepositInfo('PRECZSPHVX5UO6E', 'NL60BRKS3695556412', 42),
  expectedAmount: 42,
};

/** Deposit method PREDTD5H7E9RNUP, active: depositMethods.get; depositMethods.create and the simulate helper's activation. */
export const exampleDepositMethod = {
  methodId: 'PREDTD5H7E9RNUP',
  methodType: 'fiat',
  currency: 'EUR',
  rail: 'SEPA',
  status: 'ACTIVE',
  depositInfo: sepaDepositInfo('PREDTD5H7E9RNUP', 'NL75BRKS2255725584'),
  createdAt: 1748856708,
};

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */
export const depositsExamples: ExampleCatalogue = {
  'deposits.create': {
    request: {
      value: {
        userData: anaSilvaUserData,
        currency: 'EUR',
        amount: 250,
      },
    },
    responses: {
      201: {
        summary: 'Pending: the payer transfers to the IBAN with the reference',
        value: {
          depositId: 'PREZSG9GW0PQJWX',
          userData: anaSilvaUserData,
          createdAt: 1748856610,
          rail: 'SEPA',
          expectedAmount: 250,
          ...waitingEurDeposit,
          depositInfo: sepaDepositInfoAsCreated('PREZSG9GW0PQJWX', 'NL09BRKS4189769517', 250),
        },
      },
    },
    errors: {
      403: { message: 'The payer ana.silva@example.com has verification status NOT_AVAILABLE; APPROVED is required' },
      409: idempotencyConflicts,
      503: writeLimited,
    },
  },
  'deposits.list': {
    responses: {
      '200': {
        value: [],
      },
    },
    errors: {
      '400': {
        message: 'The URL holds a NUL character (%00), which cannot be stored',
      },
    },
  },
  'depositMethods.create': {
    request: {
      value: {
        methodType: 'fiat',
        currency: 'EUR',
      },
    },
    responses: {
      '201': {
        value: {
          ...exampleDepositMethod,
          methodId: 'PRETN4ELNQAIGBK',
          status: 'PENDING',
          depositInfo: { depositType: 'PENDING' },
          createdAt: 1748856681,
        },
      },
    },
    errors: {
      '400': {
        message: 'currency must be one of: EUR, USD, GBP, MXN, ARS, BRL',
      },
      '403': {
        message:
          'The account holder not.verified@example.com has verification status NOT_AVAILABLE; APPROVED is required',
      },
    },
  },
  'depositMethods.list': {
    responses: {
      '200': {
        value: [
          {
            methodId: 'PREUPMJ7I9O6BTI',
            methodType: 'fiat',
            currency: 'ARS',
            rail: 'ARGENTINA_BANK_TRANSFER',
            status: 'ACTIVE',
            depositInfo: {
              depositType: 'BANK_TRANSFER',
              bankName: 'Brokerage Stage Bank (sandbox)',
              accountHolder: 'Brokerage Stage Collections',
              accountNumber: '0000770448439892673771',
              referenceCode: 'BRKUPMJ7I9O6BTI',
            },
            createdAt: 1748856708,
          },
          {
            methodId: 'PREHGOV4QPC2W7P',
            methodType: 'fiat',
            currency: 'BRL',
            rail: 'PIX_BR',
            status: 'ACTIVE',
            depositInfo: {
              depositType: 'PIX',
              base64QRCode:
                'iVBORw0KGgoAAAANSUhEUgAAANQAAADUCAYAAADk3g0YAAAAAklEQVR4AewaftIAAApuSURBVO3BQY4YybLgQDJR978yR0tfBZDIKKnffDezP1hrXfGw1rrmYa11zcNa65qHtdY1D2utax7WWtc8rLWueVhrXfOw1rrmYa11zcNa65qHtdY1D2utax7WWtc8rLWu+eEjlb+pYlJ5o+JEZaq4SeWNii9UbqqYVKaKN1Smiknlb6r44mGtdc3DWuuah7XWNT9cVnGTyknFGypTxb9UMalMKr+pYlKZKiaVE5WpYlKZKt6ouEnlpoe11jUPa61rHtZa1/zwy1TeqPhCZaqYKiaVL1ROKn5TxaQyVUwqk8pUcVIxqfxLKm9U/KaHtdY1D2utax7WWtf88D9OZao4UTmpOFE5qTipeKNiUnlD5aTiRGWqmComlTdUpor/ZQ9rrWse1lrXPKy1rvnh/zMqJxWTyhsVk8qJylQxqZyonKicVPxLKv+XPKy1rnlYa13zsNa65odfVvE3VUwqb6hMFZPKicpUMamcVLyhMlVMKm9UnKicVPxNFf8lD2utax7WWtc8rLWu+eEylf9lFZPKVDGpTBWTylQxqZyoTBVfVEwqb1RMKicqU8WkMlWcqPyXPay1rnlYa13zsNa65oePKv7LKk4qTiq+qPii4ouKSeWNikllqphUTlTeqPhf8rDWuuZhrXXNw1rrmh8+Upkq3lCZKiaVN1SmijdUpoovVN5Q+U0Vk8qkMlWcqLxRcaJyU8WJylTxxcNa65qHtdY1D2uta374qOINlROVqWJSmSomlUllqphUpopJ5aRiUjmpOFGZKk5UTlS+UHmjYlI5UXmj4kTlROU3Pay1rnlYa13zsNa6xv7gIpWp4kTljYpJ5YuKSWWq+JtUTiomlaniROWk4kRlqjhROal4Q2WqmFSmir/pYa11zcNa65qHtdY1P/zHVUwqU8WkclIxqUwVb6i8UfFGxRsqU8VU8UXFpDJVfKFyUjGpTBX/0sNa65qHtdY1D2uta374ZSpTxUnFpDJVTCpTxb9UcaIyVUwVk8pU8YXKVHGiclLxRsXfpPJGxRcPa61rHtZa1zysta754bKKE5Wp4qRiUpkqJpWp4qTii4oTlaniRGWqOKmYVH5TxaQyVXxRMalMKlPFpDJVTCq/6WGtdc3DWuuah7XWNT98pDJVTCpvqJxUTCpTxRcqU8WkMlW8oTJVvKFyUnFSMalMFVPFpDJVTCq/qWJSmSomlaniNz2sta55WGtd87DWuuaHjyreqJhUTireUJkqJpWp4o2KSeWk4qaKSeVE5aRiUpkqTlT+JpUTlX/pYa11zcNa65qHtdY1P3yk8kXFicpJxaRyUjGpnKhMFVPFGypvqEwVX1TcVHGiMqmcVJxUvKHyNz2sta55WGtd87DWuuaHjyomlTdUTireqDhROamYVG6qmFT+JZWpYlKZKt6oOFGZVE5UpoovVKaKLx7WWtc8rLWueVhrXWN/8ItUpoo3VN6omFS+qHhDZao4UZkqJpU3Kk5UTireUDmpOFH5TRV/08Na65qHtdY1D2uta364TOUNlaliqphUpoqTikllqnhDZap4Q+Wmikllqjip+KJiUplUTipOVH6TylTxxcNa65qHtdY1D2uta+wPLlKZKiaV31QxqUwVk8pJxRsqU8Wk8psqJpWpYlKZKk5UpooTlaliUvmXKm56WGtd87DWuuZhrXXNDx+pnKhMFZPKVPGGyknFpDJVvKEyVbxRMalMFW+ovKEyVZyofFHxRsUbKlPFpHKiMlV88bDWuuZhrXXNw1rrmh8+qphUpoovVKaKN1SmiknlpGKqmFROVL5QmSq+qJhUTireUDmpeENlqvgve1hrXfOw1rrmYa11zQ9/mcobFW+o/E0VX6icVPymiknlRGWq+E0Vb6hMFX/Tw1rrmoe11jUPa61r7A8uUjmpmFT+poo3VN6omFT+pooTlaniRGWqOFGZKiaV31TxLz2sta55WGtd87DWuuaHX1bxRcWJyhsqU8WkMlV8UXGiclIxqUwVN6m8oXJTxRsqk8oXFV88rLWueVhrXfOw1rrmh49UpopJZap4Q+WkYlI5qXhD5aTiRGWqmCpOVH6TylTxRsVNKlPFpDJVnKhMFZPKTQ9rrWse1lrXPKy1rvnhMpUTlZOKLypOVKaKqeJvUjmpOFE5qfgvq3ijYlI5qZhUftPDWuuah7XWNQ9rrWt+uKxiUpkq3lD5ouJE5aRiUjmpmComlTdUpoqbKk5U3qh4Q2WqmFSmiqniv+RhrXXNw1rrmoe11jU/fFQxqUwVJyonFV+o/KaKE5WpYlKZKr6oeEPlpGJSmSomlaliqnijYlI5qZhU/qaHtdY1D2utax7WWtf88JHKVPFFxaTyRsUbFZPKpDJV3FRxojJVTBVvVEwqJypfqJxUvFExqZxUTCpTxU0Pa61rHtZa1zysta754aOKE5WTipOKSeWLii9UTiqmiknljYoTlTcq3qiYVCaVqWJSmSreUDmp+EJlqvjiYa11zcNa65qHtdY19gcfqPxNFScqU8WkMlVMKlPFicobFW+oTBVvqJxUTCpTxYnKVPGGylQxqbxRMalMFZPKVPHFw1rrmoe11jUPa61rfvioYlKZKt5QmSomlZOKk4o3VKaKm1Smit9UcVIxqUwVU8WJyknFpDJVnKicVEwqv+lhrXXNw1rrmoe11jX2B/+QylQxqZxUfKFyUnGiclIxqXxRcaIyVfwmlZOKSeWNii9Uporf9LDWuuZhrXXNw1rrmh8uU7mpYlKZVKaKSWWq+EJlqphUvqiYVCaVk4pJ5Y2KSWWqmComlUllqphUpopJ5YuKE5Wp4ouHtdY1D2utax7WWtf88JHKVHGi8obKScUXFZPKScVvUvlC5aRiUnlD5aTiC5WbVP6mh7XWNQ9rrWse1lrX2B/8D1OZKv5LVN6oeENlqphUpooTlaliUvmiYlKZKt5Quanii4e11jUPa61rHtZa1/zwkcrfVHGiMlWcqEwVk8pJxUnFpPKGylRxovKbKiaVqWJSmVTeUJkqTipOVH7Tw1rrmoe11jUPa61rfris4iaVk4pJZVI5qXij4g2VqWJSOal4o+INlaniC5WbKt5QmSqmiknlpoe11jUPa61rHtZa1/zwy1TeqHhDZaqYVN5QmSreUJkqJpUTlS9UTiqmihOVk4pJ5aRiUplUvqiYVKaK3/Sw1rrmYa11zcNa65of/sdVTConFZPKVDGpnFRMFV9UvKFyUjGp3KQyVfymihOVE5Xf9LDWuuZhrXXNw1rrmh/+j1GZKiaVqeJvUnmj4ouKSWWquEllqphUpopJ5aTiX3pYa13zsNa65mGtdY39wQcqU8VNKlPFicpJxU0qJxVvqEwVk8obFScqU8VNKlPFpPIvVdz0sNa65mGtdc3DWusa+4MPVP6miknlpGJSmSomlTcqTlROKr5QmSpOVKaKSeWkYlKZKiaVk4oTlaniC5WTii8e1lrXPKy1rnlYa11jf7DWuuJhrXXNw1rrmoe11jUPa61rHtZa1zysta55WGtd87DWuuZhrXXNw1rrmoe11jUPa61rHtZa1zysta55WGtd8/8A/0+az4BFxeoAAAAASUVORK5CYII=',
              qrCodeString:
                '00020126580014br.gov.bcb.pix013684b46fb9-4c31-4b20-80fd-d469d96a71e25204000053039865802BR5923BROKERAGE STAGE SANDBOX6009SAO PAULO62190515BRKHGOV4QPC2W7P630449E9',
            },
            createdAt: 1748856708,
          },
        ],
      },
    },
  },
  'depositMethods.get': {
    parameters: {
      methodId: exampleDepositMethod.methodId,
    },
    responses: {
      '200': {
        value: exampleDepositMethod,
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '404': {
        message: 'Deposit method PRE000000000000 does not exist',
      },
    },
  },
  'deposits.count': {
    responses: {
      '200': {
        value: {
          count: 5,
        },
      },
    },
    errors: {
      '400': {
        message: 'Unknown query parameter limit',
      },
    },
  },
  'deposits.get': {
    parameters: {
      depositId: exampleDeposit.depositId,
    },
    responses: {
      '200': {
        value: exampleDeposit,
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '404': {
        message: 'Deposit PRE000000000000 does not exist',
      },
    },
  },
  'deposits.cancel': {
    parameters: {
      depositId: 'PRE481LNBVFCPOY',
    },
    responses: {
      '200': {
        value: {
          success: true,
          message: 'Deposit PRE481LNBVFCPOY cancelled',
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '409': {
        message: 'Deposit PREGWVSB1KE74KO can be deleted only while Pending, before any funds arrive',
      },
    },
  },
};
