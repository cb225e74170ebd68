import { describe, expect, it } from 'vitest';
import { readField86 } from './mt940-field86.js';

// Field 86 in its two conventions: each keyword's value ends at the next keyword a bank writes, so an end-to-end id
// (our payout's reference on a debit or a return) is read whole and alone.

describe('readField86', () => {
  it.each([
    ['/EREF/PABC123/IBAN/DE47100100100000000000/NAME/ACME GMBH', { endToEndId: 'PABC123' }],
    ['/TRTP/SEPA OVERBOEKING/IBAN/NL91ABNA0417164300/BIC/ABNANL2A/NAME/J JANSEN/EREF/E2E-1', { endToEndId: 'E2E-1' }],
    [
      '/EREF/E2E-9//CNTP/NL91ABNA0417164300/ABNANL2A/J. JANSEN//REMI/INV 7',
      {
        endToEndId: 'E2E-9',
        counterpartyIban: 'NL91ABNA0417164300',
        counterpartyName: 'J. JANSEN',
      },
    ],
    ['/RTRN/AC04/EREF/PXYZ/', { endToEndId: 'PXYZ', returnReasonCode: 'AC04' }],
    ['/EREF/NOTPROVIDED/REMI/RF18539007547034', { endToEndId: null }],
    [
      '166?00SEPA-GUTSCHRIFT?20EREF+E2E-77SVWZ+RF18539007547034?31DE89370400440532013000?32ANA SILVA',
      {
        endToEndId: 'E2E-77',
        counterpartyIban: 'DE89370400440532013000',
        counterpartyName: 'ANA SILVA',
      },
    ],
  ])('%s', (text, expected) => {
    expect(readField86(text)).toMatchObject(expected);
  });
});
