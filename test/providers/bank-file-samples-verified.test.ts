// Public bank files (real banks' samples and well-kept libraries' test data, test/fixtures/bank-files/public/) held
// against the verifier of issue #27, table-driven from manifest.json, whose facts were read independently from each
// file: every sample the reader accepts goes through controlProblems. A statement whose figures agree (opening +
// booked entries = closing, one currency, entries the sum of their details) must give no problem: refusing a real
// bank's sound file would stop its money. A statement whose manifest records a disagreement (balanceEquationHolds
// false, a currency other than its entries', entries that are not the sum of their details) must give a problem that
// names that statement.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBankFile } from '../../src/providers/bank-files/parse-bank-file.js';
import { controlProblems } from '../../src/providers/bank-files/verify-controls.js';

const DIR = 'test/fixtures/bank-files/public';

interface Balance {
  minor: string;
  currency: string;
  date: string | null;
}
interface StatementFacts {
  currency: string | null;
  entryCurrency?: string;
  opening: Balance | null;
  closing: Balance | null;
  balanceEquationHolds: boolean | null;
}
interface Sample {
  file: string;
  format: 'camt.053' | 'camt.054' | 'mt940' | 'nacha' | 'pain.002';
  readerRefuses?: string;
  statements?: StatementFacts[] | 'chain';
  chain?: { balanceEquationHolds: boolean };
  quirks?: string;
}

/**
 * Real samples whose figures agree but which the verifier refused, pinned with it.fails until fixed. The Finnish
 * banks' camt.053 (lump-sum bookings whose Btch carries NbOfTxs 4 while one TxDtls is listed) was one: fewer details
 * than a batch's count are no longer a disagreement (verify-controls.ts). None is left.
 */
const knownFalseRefusals = new Set<string>();

const manifest = JSON.parse(readFileSync(`${DIR}/manifest.json`, 'utf8')) as { samples: Sample[] };

/** What the manifest says disagrees in one statement; empty when its figures agree. */
function disagreements(sample: Sample, facts: StatementFacts): string[] {
  const found: string[] = [];
  if (facts.balanceEquationHolds === false) found.push('opening + booked entries ≠ closing');
  const currencies = new Set(
    [facts.currency, facts.entryCurrency, facts.opening?.currency, facts.closing?.currency].filter(
      (c): c is string => typeof c === 'string',
    ),
  );
  if (currencies.size > 1) found.push(`more than one currency (${[...currencies].join(', ')})`);
  // Recorded in prose only: "the entry is not the sum of its details".
  if (/not the sum of its details/.test(sample.quirks ?? '')) found.push('an entry is not the sum of its details');
  return found;
}

/** Whether a problem is about statement `n` (1-based) of a file: "MT940 statement 2", "camt.053 Stmt 1, entry 3". */
const namesStatement = (problem: string, n: number) =>
  new RegExp(`(?:statement|Stmt|Ntfctn) ${n}(?!\\d)`).test(problem);

describe('public bank-file samples held against the verifier (controlProblems)', () => {
  for (const sample of manifest.samples) {
    const text = readFileSync(`${DIR}/${sample.file}`, 'utf8');
    // Whether the reader takes the file is the reader's test (bank-file-samples.test.ts); a refused file has nothing
    // to verify. Asked here, not read from readerRefuses, so that a reader that learns a sample verifies it at once.
    let refusal: string | undefined;
    try {
      parseBankFile(text);
    } catch (error) {
      refusal = (error as Error).message;
    }
    if (refusal !== undefined) {
      it.skip(`${sample.file}: the reader refuses it (${refusal}); nothing to verify`, () => {});
      continue;
    }

    if (!Array.isArray(sample.statements)) {
      // NACHA and pain.002 samples, and an MT940 chain that balances: the manifest records no disagreement.
      if (sample.chain?.balanceEquationHolds === false) {
        it(`${sample.file}: the chain does not balance, and the verifier says so`, () => {
          expect(controlProblems(parseBankFile(text)).join('\n')).toMatch(/but the closing balance is/);
        });
      } else {
        it(`${sample.file}: its controls agree, and the verifier finds no problem`, () => {
          expect(controlProblems(parseBankFile(text))).toEqual([]);
        });
      }
      continue;
    }

    const statements = sample.statements;
    const expected = statements.map((facts) => disagreements(sample, facts));
    const title = expected.every((d) => d.length === 0)
      ? 'its figures agree: no problem'
      : `recorded disagreements are named (${expected
          .map((d, i) => (d.length === 0 ? `statement ${i + 1} agrees` : `statement ${i + 1}: ${d.join('; ')}`))
          .join(' | ')})`;
    const verdict = knownFalseRefusals.has(sample.file) ? it.fails : it;
    verdict(`${sample.file}: ${title}${knownFalseRefusals.has(sample.file) ? ' (FINDING: refused)' : ''}`, () => {
      const problems = controlProblems(parseBankFile(text));
      expected.forEach((d, i) => {
        const about = problems.filter((p) => namesStatement(p, i + 1));
        if (d.length === 0) {
          expect(about, `statement ${i + 1} agrees with itself; the verifier says`).toEqual([]);
        } else {
          expect(
            about.length,
            `statement ${i + 1}: ${d.join('; ')}; the verifier says ${JSON.stringify(problems)}`,
          ).toBeGreaterThan(0);
        }
      });
      // A problem names a statement, or the group header; never nothing at all of a file that agrees.
      if (expected.every((d) => d.length === 0)) expect(problems).toEqual([]);
    });

    // Each kind of disagreement the manifest records is named by its kind, not only somewhere in the statement.
    expected.forEach((d, i) => {
      if (d.length === 0) return;
      it(`${sample.file}, statement ${i + 1}: each recorded disagreement is named by what it is`, () => {
        const about = controlProblems(parseBankFile(text)).filter((p) => namesStatement(p, i + 1));
        const facts = statements[i] as StatementFacts;
        if (facts.balanceEquationHolds === false) {
          expect(about.join('\n')).toMatch(/opening balance .* plus the booked entries .* but the closing balance is/);
        }
        if (d.some((x) => x.startsWith('more than one currency'))) {
          expect(about.join('\n')).toMatch(/is in [A-Z]{3}, but (?:the account|its entry) is in [A-Z]{3}/);
        }
        if (d.includes('an entry is not the sum of its details')) {
          // The details' amounts disagree with the entry, or (genkgo .02) the details carry none: either refuses it.
          expect(about.join('\n')).toMatch(
            /transactions add up to|is in [A-Z]{3}, but its entry is in [A-Z]{3}|of them carry no amount/,
          );
        }
      });
    });
  }
});
