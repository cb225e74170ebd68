import { type ExampleCatalogue, exampleNowSeconds } from '../../platform/openapi-examples.js';

// A SEPA batch of two payouts, as production cuts it into a pain.001 credit transfer file.

const batch = {
  batchId: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b',
  rail: 'SEPA',
  currency: 'EUR',
  payoutCount: 2,
  total: 350,
  fileName: 'pain001-3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b.xml',
  createdAt: exampleNowSeconds,
} as const;

export const payoutBatchesExamples: ExampleCatalogue = {
  'admin.payoutBatches.cut': {
    request: { value: { rail: 'SEPA' } },
    responses: {
      201: {
        value: {
          ...batch,
          payouts: [
            { payoutId: '4bf5bd1f-400b-4b62-9b51-705585d28928', reference: 'WD4BF5BD1F400B4B62', amount: 100 },
            { payoutId: 'PRE5574S31EQ9QV', reference: 'OR5574S31EQ9QV', amount: 250 },
          ],
        },
      },
    },
    errors: { 409: { message: 'No SEPA payout is waiting for a batch' } },
  },
  'admin.payoutBatches.list': {
    parameters: { limit: 20 },
    responses: { 200: { value: [batch] } },
  },
  'admin.payoutBatches.file': {
    parameters: { batchId: batch.batchId },
    responses: {
      200: {
        content: {
          'application/xml': {
            summary: 'A SEPA batch: pain.001 (abridged)',
            value: `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn><GrpHdr><MsgId>${batch.batchId}</MsgId><CreDtTm>2025-06-02T09:30:00Z</CreDtTm><NbOfTxs>2</NbOfTxs><CtrlSum>350.00</CtrlSum></GrpHdr>…</CstmrCdtTrfInitn></Document>`,
          },
          'text/plain': {
            summary: 'An ACH_US batch: a NACHA file (abridged)',
            value:
              '101 091000019 0910000192506020930A094101FIRST NATIONAL BANK    BROKERAGE               \n5220BROKERAGE                           1234567890PPDPAYOUT    250602250602   1091000010000001\n…',
          },
        },
      },
    },
    errors: { 404: { message: `Payout batch ${batch.batchId} does not exist` } },
  },
};
