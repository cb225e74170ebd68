import { type ExampleCatalogue, exampleNowSeconds } from '../../platform/openapi-examples.js';
import { emptySummary } from '../bank-files/apply.js';

// Production's bank files: a camt.054 credit notification whose line carries a deposit's RF reference, and one
// whose reference matches nothing and waits in the queue of unmatched credits.

/** The credit no reference matched: admin.bankEntries.list, .assign and .return, and the reconciliation's item. */
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
  reversesEntryId: null,
  matched: null,
  note: null,
  fileId: '6a1f9d3e-2c4b-4e7a-8f10-3b5c7d9e1a24',
  createdAt: exampleNowSeconds,
} as const;

/** A file refused at import: admin.bankFiles.get, and the import's 400. */
const refusedFile = {
  fileId: '9b2e4c71-5d3a-4f08-b6e2-1c7a9d0f3e58',
  format: 'camt.054',
  sha256: '3f1c9a2b7e5d4c8f0a6b1e2d3c4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f',
  status: 'refused',
  reasons: [
    'camt.054 Ntfctn 1 is for account …6199, which is not one of the brokerage’s accounts (EUR account …4300)',
    'camt.054 Ntfctn 1, entry 1 of …6199 is booked at 30 EUR (CRDT), but its transactions add up to 120',
  ],
  accounts: [],
  importedAt: exampleNowSeconds,
  decidedAt: null,
  decisionNote: null,
  summary: null,
} as const;

/** A statement held at import: admin.bankFiles.list, .reject, and the held summary below. */
const heldFile = {
  fileId: '4d7a1e93-8c2b-4f65-a0d9-6e3b5c1f2a87',
  format: 'camt.053',
  sha256: 'a8e2c4f61b3d5e7f9a0c2e4f6b8d0a2c4e6f8b0d2f4a6c8e0b2d4f6a8c0e2b4d',
  status: 'held',
  reasons: [
    'camt.053 Stmt 1 (number 43) opens at 15250.00 EUR, but the last statement applied for this account closed at 15100.00 EUR (on 2025-06-01)',
    'camt.053 Stmt 1 (number 43): statement 43 does not follow the last statement applied, 41',
  ],
  accounts: ['EUR account …4300'],
  importedAt: exampleNowSeconds,
  decidedAt: null,
  decisionNote: null,
  summary: null,
} as const;

/** The held file's import summary (built as the import builds it): admin.bankFiles.import's 202, and .accept. */
const heldSummary = { ...emptySummary(heldFile.fileId, heldFile.format, 'held'), reasons: [...heldFile.reasons] };

export const bankFilesExamples: ExampleCatalogue = {
  'admin.bankFiles.import': {
    request: {
      summary: 'A camt.054 credit notification, as the bank delivered it (abridged)',
      value:
        '<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>NTF-20250602-0001</MsgId><CreDtTm>2025-06-02T09:30:00Z</CreDtTm></GrpHdr><Ntfctn><Id>NTF-20250602-0001-1</Id><Acct><Id><IBAN>NL91ABNA0417164300</IBAN></Id></Acct><Ntry><Amt Ccy="EUR">250.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2025-06-02</Dt></BookgDt><NtryDtls><TxDtls><RmtInf><Strd><CdtrRefInf><Ref>RF18539007547034</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry></Ntfctn></BkToCstmrDbtCdtNtfctn></Document>',
    },
    responses: {
      200: {
        value: { ...emptySummary('6a1f9d3e-2c4b-4e7a-8f10-3b5c7d9e1a24', 'camt.054', 'imported'), credited: 1 },
      },
      202: { summary: 'A statement that does not follow its account’s previous one, held', value: heldSummary },
    },
    errors: {
      400: {
        message: `The bank file was refused and nothing of it acted (recorded as bank file ${refusedFile.fileId}): (1) ${refusedFile.reasons[0]}; (2) ${refusedFile.reasons[1]}`,
      },
    },
  },
  'admin.bankFiles.list': {
    parameters: { status: 'held', limit: 50 },
    responses: { 200: { value: [heldFile] } },
  },
  'admin.bankFiles.get': {
    parameters: { fileId: refusedFile.fileId },
    responses: { 200: { value: refusedFile } },
    errors: { 404: { message: `Bank file ${refusedFile.fileId} does not exist` } },
  },
  'admin.bankFiles.accept': {
    parameters: { fileId: heldFile.fileId },
    request: { value: { note: 'Statement 41 had no movement; the bank confirmed by phone' } },
    responses: {
      200: {
        value: {
          ...heldSummary,
          status: 'imported',
          credited: 3,
          closingBalances: 1,
        },
      },
    },
    errors: {
      404: { message: `Bank file ${heldFile.fileId} does not exist` },
      409: { message: `Bank file ${heldFile.fileId} is imported; only a held file can be accepted or rejected` },
    },
  },
  'admin.bankFiles.reject': {
    parameters: { fileId: heldFile.fileId },
    request: { value: { note: 'A duplicate export of statement 42' } },
    responses: {
      200: {
        value: {
          ...heldFile,
          status: 'refused',
          decidedAt: exampleNowSeconds,
          decisionNote: 'A duplicate export of statement 42',
        },
      },
    },
    errors: {
      409: { message: `Bank file ${heldFile.fileId} is refused; only a held file can be accepted or rejected` },
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
          reconciledBy: 'bank',
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
