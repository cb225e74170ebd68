// The pain.002 corruptions of the catalogue (corruptions.ts applies each to pain.002 files only): the original
// group's count and control sum, a transaction's instructed amount and its debtor's IBAN.
import { bumpDecimal, changeGroup, otherValidIban } from './corruption-helpers.js';
import type { Corruption } from './corruptions.js';

export const pain002Corruptions: Corruption[] = [
  {
    name: 'pain002: OrgnlNbOfTxs changed',
    formats: ['pain.002'],
    expect: 'refuse',
    apply: (text, rng) =>
      changeGroup(text, /(<OrgnlNbOfTxs>)(\d+)(<\/OrgnlNbOfTxs>)/, 2, rng, (v) => String(Number(v) + 1)),
  },
  {
    name: 'pain002: OrgnlCtrlSum changed',
    formats: ['pain.002'],
    expect: 'refuse',
    apply: (text, rng) => changeGroup(text, /(<OrgnlCtrlSum>)([^<]+)(<\/OrgnlCtrlSum>)/, 2, rng, (v) => bumpDecimal(v)),
  },
  {
    name: 'pain002: an OrgnlTxRef instructed amount changed',
    formats: ['pain.002'],
    expect: 'refuse',
    apply: (text, rng) =>
      changeGroup(text, /(<OrgnlTxRef>\s*<Amt>\s*<InstdAmt Ccy="[A-Z]{3}">)([^<]+)(<\/InstdAmt>)/, 2, rng, (v) =>
        bumpDecimal(v),
      ),
  },
  {
    name: 'pain002: a debtor IBAN changed',
    formats: ['pain.002'],
    expect: 'refuse',
    apply: (text, rng) =>
      changeGroup(text, /(<DbtrAcct>\s*<Id>\s*<IBAN>)([^<]+)(<\/IBAN>)/, 2, rng, (v) => otherValidIban(v)),
  },
];
