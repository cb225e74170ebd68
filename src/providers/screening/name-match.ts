import { jaroWinkler } from '@skyra/jaro-winkler';
import anyAscii from 'any-ascii';

// How a screened name is compared with a listed one. Both are transliterated to ASCII (any-ascii: "Владимир" and
// "Vladimir", "Müller" and "Muller" compare equal), lower-cased, cut into tokens at anything but letters and digits,
// and stripped of words that do not identify a business (legal forms such as LLC, GmbH). Tokens are then paired
// regardless of order ("PETROV, Ivan" is "Ivan Petrov"), each with its most similar counterpart by Jaro-Winkler
// similarity (@skyra/jaro-winkler), the measure made for short personal names and the one OFAC's own search uses.
//
// The score weighs the screened name's tokens at 3/4 and the listed name's at 1/4, each token by its length: a
// listed middle name the partner did not send lowers the score a little, a screened word absent from the list lowers
// it much more. A score of 1 means the two names have the same tokens. The threshold, 0.88, was set on the test
// tables beside this file: it keeps one-letter typos and transliteration variants of two-token names (0.9 and up)
// and drops different people who share a first or last name (0.85 and below).

export const matchThreshold = 0.88;
const screenedWeight = 0.75;

const businessNoise = new Set(
  (
    'llc ltd limited inc incorporated corp corporation co company sa sas srl spa gmbh ag bv nv plc lp llp jsc ojsc ' +
    'pjsc cjsc ooo zao oao fze fzco the of and'
  ).split(' '),
);

/** A name as tokens to compare: ASCII, lower case, without business legal forms; never empty for a real name. */
export function nameTokens(name: string): string[] {
  const tokens = anyAscii(name)
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t !== '');
  const meaningful = tokens.filter((t) => !businessNoise.has(t));
  // A name made only of such words ("The Company") is still a name: compare it as written.
  return meaningful.length > 0 ? meaningful : tokens;
}

/** How well `from`'s tokens are found among `to`'s: each token's best similarity, weighted by its length. */
function coverage(from: readonly string[], to: readonly string[]): number {
  let weighted = 0;
  let total = 0;
  for (const token of from) {
    let best = 0;
    for (const other of to) {
      const similarity = token === other ? 1 : jaroWinkler(token, other);
      if (similarity > best) best = similarity;
      if (best === 1) break;
    }
    weighted += best * token.length;
    total += token.length;
  }
  return total === 0 ? 0 : weighted / total;
}

/** The similarity of a screened name's tokens and a listed name's tokens, 0 to 1 (1: the same tokens). */
export function nameScore(screened: readonly string[], listed: readonly string[]): number {
  if (screened.length === 0 || listed.length === 0) return 0;
  const forward = coverage(screened, listed);
  // The listed side can add at most its quarter: skip it when even a perfect one cannot reach the threshold.
  if (screenedWeight * forward + (1 - screenedWeight) < matchThreshold) return screenedWeight * forward;
  const score = screenedWeight * forward + (1 - screenedWeight) * coverage(listed, screened);
  // Rounded so that stored and answered scores are stable across platforms' floating point.
  return Math.round(score * 10_000) / 10_000;
}
