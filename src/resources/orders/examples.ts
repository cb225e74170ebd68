import { type ExampleCatalogue, idempotencyConflicts, writeLimited } from '../../platform/openapi-examples.js';

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */
export const ordersExamples: ExampleCatalogue = {
  'orders.create': {
    request: {
      cases: {
        usdcOnPolygon: {
          summary: 'The USDC quote, paid out to the payer’s own wallet on Polygon',
          value: {
            quoteId: '1262697a-f0e5-460a-aa8e-bb8b963124c6',
            userData: {
              firstName: 'Ana',
              lastName: 'Silva',
              userEmail: 'ana.silva@example.com',
              country: 'PT',
              address: 'Rua Augusta 24',
              city: 'Lisboa',
              postalCode: '1100-053',
              phoneNumber: '+351912345678',
            },
            destinationUserData: {
              firstName: 'Ana',
              lastName: 'Silva',
              userEmail: 'ana.silva@example.com',
              country: 'PT',
              address: 'Rua Augusta 24',
              city: 'Lisboa',
              postalCode: '1100-053',
              phoneNumber: '+351912345678',
            },
            destinationTransferData: {
              type: 'MATIC',
              address: '0x52908400098527886E0F7030069857D2E4169EE7',
            },
          },
        },
        brlByPix: {
          summary: 'The BRL quote, paid by PIX to a beneficiary in Brazil',
          value: {
            quoteId: 'f882737c-b18c-43a5-86c4-f463c35a93e0',
            userData: {
              firstName: 'Ana',
              lastName: 'Silva',
              userEmail: 'ana.silva@example.com',
              country: 'PT',
              address: 'Rua Augusta 24',
              city: 'Lisboa',
              postalCode: '1100-053',
              phoneNumber: '+351912345678',
            },
            destinationUserData: {
              firstName: 'Bruno',
              lastName: 'Costa',
              userEmail: 'bruno.costa@example.com',
              country: 'BR',
              city: 'São Paulo',
              postalCode: '01310-100',
              taxId: '52998224725',
            },
            destinationTransferData: {
              type: 'PIX_BR',
              destinationName: 'Bruno Costa',
              destinationPixCode: 'bruno.costa@example.com',
              destinationTaxId: '52998224725',
            },
          },
        },
      },
    },
    responses: {
      201: {
        cases: {
          usdcOnPolygon: {
            summary: 'Pending: waiting for the payer’s SEPA transfer',
            value: {
              orderId: 'PRE5574S31EQ9QV',
              quoteId: '1262697a-f0e5-460a-aa8e-bb8b963124c6',
              status: 'Pending',
              originCurrency: 'EUR',
              originRail: 'SEPA',
              originAmount: 250,
              destinationCurrency: 'USDC',
              destinationRail: 'MATIC',
              destinationAmount: 287.608858,
              conversionRate: 1.156263,
              fee: 0,
              expectedFee: 1.25,
              expectedGasFee: 0.01,
              feeCurrency: 'EUR',
              userData: {
                firstName: 'Ana',
                lastName: 'Silva',
                userEmail: 'ana.silva@example.com',
                country: 'PT',
                address: 'Rua Augusta 24',
                city: 'Lisboa',
                postalCode: '1100-053',
                phoneNumber: '+351912345678',
              },
              destinationUserData: {
                firstName: 'Ana',
                lastName: 'Silva',
                userEmail: 'ana.silva@example.com',
                country: 'PT',
                address: 'Rua Augusta 24',
                city: 'Lisboa',
                postalCode: '1100-053',
                phoneNumber: '+351912345678',
              },
              destinationTransferData: {
                type: 'MATIC',
                address: '0x52908400098527886E0F7030069857D2E4169EE7',
              },
              deposit: {
                depositId: 'PRECEQVG2HVMTXL',
                currency: 'EUR',
                rail: 'SEPA',
                expectedAmount: 250,
                amount: 0,
                depositInfo: {
                  depositType: 'SEPA',
                  accountHolder: 'Brokerage Stage Collections',
                  iban: 'NL83BRKS0818626984',
                  bic: 'BRKSNL20',
                  bankName: 'Brokerage Stage Bank (sandbox)',
                  amount: 250,
                  referenceCode: 'BRKCEQVG2HVMTXL',
                },
              },
              trade: {
                pair: 'EUR/USDC',
                conversionRate: 1.156263,
                originAmount: 248.74,
                destinationAmount: 287.608858,
                status: 'Pending',
              },
              withdraw: {
                currency: 'USDC',
                rail: 'MATIC',
                amount: 287.608858,
                status: 'Pending',
              },
              payBy: 1748943010,
              createdAt: 1748856610,
              updatedAt: 1748856610,
            },
          },
          brlByPix: {
            summary: 'Pending: waiting for the payer’s SEPA transfer',
            value: {
              orderId: 'PREU0OWUOKBDLUN',
              quoteId: 'f882737c-b18c-43a5-86c4-f463c35a93e0',
              status: 'Pending',
              originCurrency: 'EUR',
              originRail: 'SEPA',
              originAmount: 250,
              destinationCurrency: 'BRL',
              destinationRail: 'PIX_BR',
              destinationAmount: 1549.13,
              conversionRate: 6.227688984881209,
              fee: 0,
              expectedFee: 1.25,
              expectedGasFee: 0,
              feeCurrency: 'EUR',
              userData: {
                firstName: 'Ana',
                lastName: 'Silva',
                userEmail: 'ana.silva@example.com',
                country: 'PT',
                address: 'Rua Augusta 24',
                city: 'Lisboa',
                postalCode: '1100-053',
                phoneNumber: '+351912345678',
              },
              destinationUserData: {
                firstName: 'Bruno',
                lastName: 'Costa',
                userEmail: 'bruno.costa@example.com',
                country: 'BR',
                city: 'São Paulo',
                postalCode: '01310-100',
                taxId: '52998224725',
              },
              destinationTransferData: {
                type: 'PIX_BR',
                destinationName: 'Bruno Costa',
                destinationPixCode: 'bruno.costa@example.com',
                destinationTaxId: '52998224725',
              },
              deposit: {
                depositId: 'PREPIJSX5I2AKTX',
                currency: 'EUR',
                rail: 'SEPA',
                expectedAmount: 250,
                amount: 0,
                depositInfo: {
                  depositType: 'SEPA',
                  accountHolder: 'Brokerage Stage Collections',
                  iban: 'NL80BRKS7830322090',
                  bic: 'BRKSNL20',
                  bankName: 'Brokerage Stage Bank (sandbox)',
                  amount: 250,
                  referenceCode: 'BRKPIJSX5I2AKTX',
                },
              },
              trade: {
                pair: 'EUR/BRL',
                conversionRate: 6.227688984881209,
                originAmount: 248.75,
                destinationAmount: 1549.13,
                status: 'Pending',
              },
              withdraw: {
                currency: 'BRL',
                rail: 'PIX_BR',
                amount: 1549.13,
                status: 'Pending',
              },
              payBy: 1748943010,
              createdAt: 1748856610,
              updatedAt: 1748856610,
            },
          },
        },
      },
    },
    errors: {
      402: { message: 'Insufficient EUR balance' },
      403: { message: 'The payer ana.silva@example.com has verification status NOT_AVAILABLE; APPROVED is required' },
      404: { message: 'Quote 1262697a-f0e5-460a-aa8e-bb8b963124c6 does not exist' },
      409: idempotencyConflicts,
      503: writeLimited,
    },
  },
  'orders.list': {
    responses: {
      '200': {
        value: [],
      },
    },
    errors: {
      '400': {
        message: 'Unknown query parameter colour',
      },
    },
  },
  'orders.count': {
    responses: {
      '200': {
        value: {
          count: 6,
        },
      },
    },
    errors: {
      '400': {
        message: 'Unknown query parameter colour',
      },
    },
  },
  'orders.get': {
    parameters: {
      orderId: 'PRE71WSDG1PE411',
    },
    responses: {
      '200': {
        value: {
          orderId: 'PRE71WSDG1PE411',
          quoteId: '5055b2b9-038c-4195-b819-688679c1844d',
          status: 'Pending',
          originCurrency: 'EUR',
          originRail: 'SEPA',
          originAmount: 100,
          destinationCurrency: 'BRL',
          destinationRail: 'PIX_BR',
          destinationAmount: 619.65,
          conversionRate: 6.227688984881209,
          fee: 0,
          expectedFee: 0.5,
          expectedGasFee: 0,
          feeCurrency: 'EUR',
          destinationTransferData: {
            type: 'PIX_BR',
            destinationName: 'Bruno Costa',
            destinationTaxId: '52998224725',
            destinationPixCode: 'bruno@example.com',
          },
          deposit: {
            depositId: 'PREFJZCDVW0IZTH',
            currency: 'EUR',
            rail: 'SEPA',
            expectedAmount: 100,
            amount: 0,
            depositInfo: {
              depositType: 'SEPA',
              bic: 'BRKSNL20',
              iban: 'NL24BRKS2229999095',
              amount: 100,
              bankName: 'Brokerage Stage Bank (sandbox)',
              accountHolder: 'Brokerage Stage Collections',
              referenceCode: 'BRKFJZCDVW0IZTH',
            },
          },
          trade: {
            pair: 'EUR/BRL',
            conversionRate: 6.227688984881209,
            originAmount: 99.5,
            destinationAmount: 619.65,
            status: 'Pending',
          },
          withdraw: {
            currency: 'BRL',
            rail: 'PIX_BR',
            amount: 619.65,
            status: 'Pending',
          },
          payBy: 1748943012,
          createdAt: 1748856612,
          updatedAt: 1748856612,
          userData: {
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
          },
          destinationUserData: {
            city: 'Berlin',
            taxId: '52998224725',
            country: 'BR',
            lastName: 'Costa',
            firstName: 'Bruno',
            userEmail: 'bruno@example.com',
            postalCode: '10115',
            phoneNumber: '+5511999998888',
          },
        },
      },
    },
    errors: {
      '400': {
        message: 'A path parameter is longer than 254 characters',
      },
      '404': {
        message: 'Order PRE000000000000 does not exist',
      },
    },
  },
  'orders.cancel': {
    parameters: {
      orderId: 'PREUPPR3FBFDPMM',
    },
    responses: {
      '200': {
        value: {
          success: true,
          message: 'Order PREUPPR3FBFDPMM deleted',
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '404': {
        message: 'Order AAAAAAAAAAAA does not exist',
      },
      '409': {
        message: 'Order PRE0EANT5JMYKEM is PartiallyPaid; only a Pending order can be deleted',
      },
    },
  },
  'orders.confirmPayin': {
    request: {
      value: {
        orderId: 'PRETNJU2U9UYY9P',
        referenceId: 'UTR123456789',
      },
    },
    parameters: {
      orderId: 'PRETNJU2U9UYY9P',
    },
    responses: {
      '200': {
        value: {},
      },
    },
    errors: {
      '400': {
        message: 'orderId PREOTHER0000000 does not match the order in the path (PREFKER5IQKTAE7)',
      },
      '409': {
        message: 'Order PREFKER5IQKTAE7 collects on SEPA, which takes no payin confirmation',
      },
    },
  },
};
