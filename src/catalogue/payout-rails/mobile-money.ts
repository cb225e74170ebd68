import type { PayoutRailEntry } from '../types.js';
import { decided, name2Plus, networkIdField, railEntry, required } from './field-helpers.js';

// The spec shows no mobile-money field set. A payout needs the wallet's phone number and its operator (M-Pesa,
// MTN, Airtel, Orange, ...), and the name the operator checks the wallet against. The phone is E.164 restricted to
// the corridor's own calling codes and national mobile-number lengths, so a KES payout cannot be sent to a
// Nigerian number by mistake; multi-country currencies accept each member country's code.
const corridors: ReadonlyArray<readonly [suffix: string, phone: string, example: string]> = [
  ['NG', '234[0-9]{10}', '+2348031234567'],
  ['KE', '254[0-9]{9}', '+254712345678'],
  ['TZ', '255[0-9]{9}', '+255712345678'],
  ['UG', '256[0-9]{9}', '+256772123456'],
  ['RW', '250[0-9]{9}', '+250788123456'],
  ['MW', '265[0-9]{9}', '+265991234567'],
  ['ZM', '260[0-9]{9}', '+260971234567'],
  ['BW', '267[0-9]{8}', '+26771234567'],
  ['ZA', '27[0-9]{9}', '+27821234567'],
  // SN CI BJ BF ML TG NE GW; Benin moved to 10-digit numbers in 2024 and both lengths are still seen.
  [
    'XOF',
    '221[0-9]{9}|225[0-9]{10}|229([0-9]{8}|[0-9]{10})|226[0-9]{8}|223[0-9]{8}|228[0-9]{8}|227[0-9]{8}|245[0-9]{7,9}',
    '+221771234567',
  ],
  // CM GA CG TD CF GQ.
  ['XAF', '237[0-9]{9}|241[0-9]{7,8}|242[0-9]{9}|235[0-9]{8}|236[0-9]{8}|240[0-9]{9}', '+237671234567'],
];

export const mobileMoneyRails: PayoutRailEntry[] = corridors.map(([suffix, phone, example]) => {
  const rail = `MOBILE_MONEY_${suffix}`;
  return railEntry(
    rail,
    'mobileMoney',
    [
      name2Plus(),
      required(
        'destinationPhone',
        `Wallet phone number in E.164 form with the corridor's country code, e.g. ${example}.`,
        {
          pattern: `^\\+(${phone})$`,
          carries: 'phoneNumber',
        },
      ),
      networkIdField(rail),
    ],
    decided(`mobile-money payout needs wallet phone (E.164, corridor calling codes), operator id and holder name`),
  );
});
