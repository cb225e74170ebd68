import { type ExampleCatalogue, exampleNowSeconds } from '../../platform/openapi-examples.js';

// Production's bank files: a camt.054 credit notification whose line carries a deposit's RF reference, and one
// whose reference matches nothing and waits in the queue of unmatched credits.

const unmatchedCredit = {
  entryId: '0f6c2a8e-3b7d-4c1a-9e5f-8d2b1a7c6e40',
  account: 'NL91ABNA0417164300',
  bankReference: 'NOTPROVIDED-20250602-0042',
  direction: 'credit',
  currency: 'EUR',
  amount: 250,
  bookingDate: '2025-06-02',
  reference: 'INVOICE 2025-118',
  counterparty: { name: 'Ana Silva', iban: 'PT50000201231234567890154' },
  status: 'unmatched',
  matched: null,
  note: null,
  fileId: '6a1f9d3e-2c4b-4e7a-8f10-3b5c7d9e1a24',
  createdAt: exampleNowSeconds,
} as const;

export const bankFilesExamples: ExampleCatalogue = {
  'admin.bankFiles.import': {
    request: {
      summary: 'A camt.054 credit notification, as the bank delivered it (abridged)',
      value:
        '<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>NTF-20250602-0001</MsgId><CreDtTm>2025-06-02T09:30:00Z</CreDtTm></GrpHdr><Ntfctn><Id>NTF-20250602-0001-1</Id><Acct><Id><IBAN>NL91ABNA0417164300</IBAN></Id></Acct><Ntry><Amt Ccy="EUR">250.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2025-06-02</Dt></BookgDt><NtryDtls><TxDtls><RmtInf><Strd><CdtrRefInf><Ref>RF18539007547034</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry></Ntfctn></BkToCstmrDbtCdtNtfctn></Document>',
    },
    responses: {
      200: {
        value: {
          fileId: '6a1f9d3e-2c4b-4e7a-8f10-3b5c7d9e1a24',
          format: 'camt.054',
          credited: 1,
          unmatched: 0,
          payoutOutcomes: 0,
          payoutReportsIgnored: 0,
          other: 0,
          alreadyImported: 0,
          closingBalances: 0,
          skipped: 0,
        },
      },
    },
    errors: {
      400: {
        message:
          'The bank file was not read: no camt.053, camt.054, MT940, pain.002 or NACHA returns format was recognised',
      },
    },
  },
  'admin.bankEntries.list': {
    parameters: { status: 'unmatched', currency: 'EUR', limit: 50 },
    responses: { 200: { value: [unmatchedCredit] } },
  },
  'admin.bankEntries.assign': {
    parameters: { entryId: unmatchedCredit.entryId },
    request: { summary: 'The credit pays this deposit', value: { depositId: 'PREZSG9GW0PQJWX' } },
    responses: {
      200: {
        value: {
          ...unmatchedCredit,
          status: 'credited',
          matched: { kind: 'deposit', id: 'PREZSG9GW0PQJWX' },
        },
      },
    },
    errors: {
      400: { message: 'Send exactly one of depositId and orderId' },
      404: { message: `Bank entry ${unmatchedCredit.entryId} does not exist` },
      409: {
        message: `Bank entry ${unmatchedCredit.entryId} is credited; only an unmatched credit can be assigned or returned`,
      },
    },
  },
  'admin.bankEntries.return': {
    parameters: { entryId: unmatchedCredit.entryId },
    request: { value: { note: 'No deposit or order carries this reference; returned to the sender' } },
    responses: {
      200: {
        value: {
          ...unmatchedCredit,
          status: 'to_return',
          note: 'No deposit or order carries this reference; returned to the sender',
        },
      },
    },
    errors: {
      404: { message: `Bank entry ${unmatchedCredit.entryId} does not exist` },
      409: {
        message: `Bank entry ${unmatchedCredit.entryId} is credited; only an unmatched credit can be assigned or returned`,
      },
    },
  },
  'admin.reconciliation.get': {
    parameters: { currency: 'EUR' },
    responses: {
      200: {
        value: {
          currency: 'EUR',
          bank: {
            closingBalance: 15250,
            accounts: [{ account: 'NL91ABNA0417164300', date: '2025-06-01', closingBalance: 15250 }],
          },
          ledger: { received: 20000, paidOut: 5000, position: 15000 },
          difference: 250,
          unexplained: 0,
          items: [{ kind: 'unmatched_credit', id: unmatchedCredit.entryId, amount: 250, detail: 'INVOICE 2025-118' }],
        },
      },
    },
  },
};
