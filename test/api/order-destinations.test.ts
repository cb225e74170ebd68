import { beforeAll, describe, expect, it } from 'vitest';
import { identityIntakeFor } from '../../src/catalogue/identity-intake.js';
import { methodNameOf, payoutRailByRail, payoutRails } from '../../src/catalogue/payout-rails/index.js';
import type { PayoutRailEntry } from '../../src/catalogue/types.js';
import { aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { aQuote, payer, postOrder } from '../support/orders.js';
import { type Case, located, mistakes, notARail } from '../support/payout-instrument-mistakes.js';
import {
  type Body,
  bareBeneficiary,
  fullBeneficiary,
  instrument,
  OMIT,
  T,
  valid,
  variants,
} from '../support/payout-instruments.js';

// Goal: POST /v1/orders refuses every malformed payout instrument (destinationTransferData) with 400
// ValidationError naming the offending field, on every payout rail a currency offers, and accepts the valid ones.
// Method: one approved payer; per rail one live quote, sent with each malformed instrument and finally with the
// valid one. The field-set check runs before the quote is bound, so the refusals leave the quote unused and the
// closing 201 proves it. Cases are data: derived here from each rail's field rules, plus the valid instruments and
// realistic mistakes by hand in test/support/payout-instruments.ts and payout-instrument-mistakes.ts.

/** Every rail a destination currency pays out on; BALANCE (type only) is not a payout instrument. */
const rails = payoutRails.filter((e) => e.rail !== 'BALANCE').map((e) => e.rail);

function entryOf(rail: string): PayoutRailEntry {
  const entry = payoutRailByRail(rail);
  if (entry === undefined) throw new Error(`no payout rail ${rail}`);
  return entry;
}

const codePoints = (s: string) => [...s];

/** Cases that follow from the rail's rules alone, so that every rule of every rail is exercised. */
function derivedCases(entry: PayoutRailEntry): Case[] {
  const { rail } = entry;
  const cases: Case[] = [];
  const add = (label: string, edits: Body, field: string, fragment: string) =>
    cases.push({ label, transfer: instrument(rail, edits), field, fragment });
  for (const rule of entry.fields) {
    const k = rule.key;
    const f = `${T}.${k}`;
    const v = String(valid[rail]?.[k] ?? '');
    if (rule.required) {
      add(`${k} omitted`, { [k]: OMIT }, f, 'is required');
      add(`${k} empty`, { [k]: '' }, f, 'is required');
    }
    add(`${k} of spaces only`, { [k]: '   ' }, f, 'must not be blank');
    add(`${k} as a number`, { [k]: 12345 }, f, 'must be a string');
    add(`${k} as null`, { [k]: null }, f, 'must be a string');
    if (rule.enum !== undefined) {
      // An enum is the complete rule: exact spelling only.
      const first = rule.enum[0] ?? '';
      if (first.toLowerCase() !== first) add(`${k} in lowercase`, { [k]: first.toLowerCase() }, f, 'must be one of');
      add(`${k} with a trailing space`, { [k]: `${first} ` }, f, 'must be one of');
      continue;
    }
    const { minLength: min, maxLength: max } = rule;
    if (min !== undefined && min > 1) {
      const short = codePoints(v).slice(0, min - 1);
      add(`${k} one character short`, { [k]: short.join('') }, f, 'characters');
    }
    if (max !== undefined) {
      const last = codePoints(v).at(-1) ?? '1';
      add(`${k} one character too long`, { [k]: v + last.repeat(max + 1 - codePoints(v).length) }, f, 'characters');
    }
    if (rule.pattern !== undefined) {
      // A value pasted from a spreadsheet with its line break; lengths are checked before the pattern.
      const tooLong = max !== undefined && codePoints(v).length + 1 > max;
      add(`${k} with a trailing line break`, { [k]: `${v}\n` }, f, tooLong ? 'characters' : 'expected format');
    }
  }
  add('an unknown field', { nickname: 'Bruno' }, `${T}.nickname`, `is not a field of ${rail}`);
  return cases;
}

const aliasOf: Record<string, string> = { ACH_COP: 'BANK_DEPOSIT_COL', BANK_DEPOSIT_COL: 'ACH_COP' };

/** Cases about `type` and the quote: casing, method names, and a valid instrument of another rail. */
function typeCases(rail: string): Case[] {
  const f = `${T}.type`;
  const names = [...new Set([rail.toLowerCase(), methodNameOf(rail)])];
  const cases: Case[] = names.map((name) => ({
    label: `type ${JSON.stringify(name)}`,
    transfer: instrument(rail, { type: name }),
    field: f,
    fragment: 'is not a payout rail',
  }));
  // The next rail in the catalogue that the quote's rail does not also answer to: valid, but not what was quoted.
  const others = [...rails.slice(rails.indexOf(rail) + 1), ...rails];
  const other = others.find((r) => r !== rail && r !== aliasOf[rail]) ?? 'SEPA';
  cases.push({
    label: `a valid ${other} instrument on a ${rail} quote`,
    transfer: instrument(other),
    field: f,
    fragment: `does not match the quote's destination rail ${rail}`,
  });
  return cases;
}

/**
 * Beneficiary facts the corridor needs beyond the baseline (checked against the quote, after the field set) that the
 * valid instrument does not state itself: only those make destinationUserData necessary.
 */
function identityCases(rail: string): Case[] {
  const entry = entryOf(rail);
  const currency = entry.currencies[0] ?? '';
  const intake = identityIntakeFor(currency, 'payout', 'individual');
  const carried = (key: string) => entry.fields.some((f) => f.carries === key && valid[rail]?.[f.key] !== undefined);
  const uncarried = (intake?.extras ?? []).filter((key) => !carried(key));
  if (uncarried.length === 0) return [];
  const cases: Case[] = [
    {
      label: 'no destinationUserData',
      transfer: instrument(rail),
      identity: null,
      field: 'destinationUserData',
      fragment: `required for a ${currency} payout on ${rail}`,
    },
  ];
  for (const key of uncarried) {
    const { [key]: _, ...identity } = fullBeneficiary;
    cases.push({
      label: `destinationUserData without ${key}`,
      transfer: instrument(rail),
      identity,
      field: `destinationUserData.${key}`,
      fragment: `required for a ${currency} payout`,
    });
  }
  return cases;
}

function casesFor(rail: string): Case[] {
  const entry = entryOf(rail);
  const picked = (mistakes[rail] ?? []).map(
    ([key, value, why]): Case => ({
      label: `${why}: ${key} ${JSON.stringify(value)}`,
      transfer: instrument(rail, { [key]: value }),
      field: `${T}.${key}`,
    }),
  );
  const elsewhere = located
    .filter(([r]) => r === rail)
    .map(
      ([, why, omit, identity, field]): Case => ({
        label: why,
        transfer: instrument(rail, Object.fromEntries(omit.map((k) => [k, OMIT]))),
        identity: { ...bareBeneficiary, ...identity },
        field,
      }),
    );
  return [...derivedCases(entry), ...picked, ...elsewhere, ...typeCases(rail), ...identityCases(rail)];
}

let t: TestApp;
let p: Partner;

beforeAll(async () => {
  // Hundreds of writes in a minute: lift the write limit. One-hour quotes so that a slow run cannot expire them.
  t = await buildTestApp({
    env: { SANDBOX_SETTLE_DELAY_MS: '0', QUOTE_TTL_SECONDS: '3600', WRITE_RATE_LIMIT_PER_MINUTE: '1000000' },
  });
  p = await aPartner(t.app);
  await verifyCustomer(t.app, p, payer.userEmail);
});

/** A live quote paying out on `rail` in its first currency, collected from EUR by SEPA (GBP when paying EUR). */
async function quoteOn(rail: string): Promise<string> {
  const currency = entryOf(rail).currencies[0];
  const originCurrency = currency === 'EUR' ? 'GBP' : 'EUR';
  const body = { originCurrency, destinationCurrency: currency, destinationRail: rail, originAmount: 200 };
  return (await aQuote(t.app, p, body)).quoteId;
}

function order(quoteId: string, transfer: Body, identity: Body | null) {
  return postOrder(t.app, p, {
    quoteId,
    userData: payer,
    destinationTransferData: transfer,
    ...(identity === null ? {} : { destinationUserData: identity }),
  });
}

const numbered = { errorId: 1008, errorName: 'invalidParameters' };
const generic = { errorId: expect.stringMatching(/^ValidationError-\d+$/), errorName: 'ValidationError' };

async function expectRefused(quoteId: string, c: Case) {
  const response = await order(quoteId, c.transfer, c.identity === undefined ? bareBeneficiary : c.identity);
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(body).toEqual({
    success: false,
    error: 'ValidationError',
    message: expect.any(String),
    ...(c.generic ? generic : numbered),
  });
  // The message opens with the offending field's full path, then says what is wrong with it.
  expect(body.message.split(' ')[0], body.message).toBe(c.field);
  if (c.fragment !== undefined) expect(body.message).toContain(c.fragment);
}

async function expectAccepted(quoteId: string, transfer: Body, identity: Body = fullBeneficiary, stored: Body = {}) {
  const response = await order(quoteId, transfer, identity);
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json()).toMatchObject({
    status: 'Pending',
    quoteId,
    destinationRail: transfer.type,
    destinationTransferData: { ...transfer, ...stored },
  });
}

/** [label, row] pairs, so that test names show labels unquoted. */
const labelled = <R extends { label: string }>(rows: readonly R[]) => rows.map((row) => [row.label, row] as const);

describe('the tables', () => {
  it('have a valid instrument for every payout rail a currency offers, and mistakes only for known rails', () => {
    expect(Object.keys(valid).sort()).toEqual([...rails].sort());
    for (const rail of [...Object.keys(mistakes), ...located.map(([r]) => r)]) expect(rails).toContain(rail);
  });
});

describe.each(rails)('POST /v1/orders paying out on %s', (rail) => {
  let quoteId: string;
  beforeAll(async () => {
    quoteId = await quoteOn(rail);
  });

  it.each(labelled(casesFor(rail)))('400 for %s', async (_, c) => {
    await expectRefused(quoteId, c);
  });

  // Runs last: the same quote, still unused after every refusal above.
  it('201 for the valid instrument, on the quote the refusals left unused', async () => {
    await expectAccepted(quoteId, instrument(rail));
  });
});

describe('POST /v1/orders with a type that is no payout rail', () => {
  let quoteId: string;
  beforeAll(async () => {
    quoteId = await quoteOn('SEPA');
  });
  it.each(labelled(notARail))('400 for %s', async (_, c) => {
    await expectRefused(quoteId, c);
  });
});

describe('POST /v1/orders accepts the other valid shapes', () => {
  it.each(labelled(variants))('201 for %s', async (_, v) => {
    await expectAccepted(await quoteOn(v.quoteRail), v.transfer, v.identity, v.stored);
  });
});
