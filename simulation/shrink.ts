import type { Step } from './steps.js';

// Delta debugging (Zeller and Hildebrandt's ddmin) over a failing step list: it tries halves, then complements,
// then finer pieces, keeping any smaller list that still fails the same way, until no single step can be removed
// (or the budget of runs is spent). Each run starts from a fresh database (or a fresh workspace: the caller's
// `fails` decides), so a shrunk list reproduces alone.

export interface ShrinkResult {
  readonly steps: readonly Step[];
  readonly runs: number;
  /** The budget ran out before the list was 1-minimal. */
  readonly exhausted: boolean;
}

export async function shrink(
  steps: readonly Step[],
  fails: (candidate: readonly Step[]) => Promise<boolean>,
  runsMax = 150,
): Promise<ShrinkResult> {
  let current = [...steps];
  let granularity = 2;
  let runs = 0;
  const attempt = async (candidate: Step[]) => {
    runs += 1;
    return fails(candidate);
  };
  while (current.length >= 2) {
    if (runs >= runsMax) return { steps: current, runs, exhausted: true };
    const chunks = split(current, granularity);
    let reduced = false;
    for (const chunk of chunks) {
      if (runs >= runsMax) break;
      if (await attempt(chunk)) {
        current = chunk;
        granularity = 2;
        reduced = true;
        break;
      }
    }
    if (!reduced && granularity > 2) {
      for (let i = 0; i < chunks.length && runs < runsMax; i += 1) {
        const complement = chunks.filter((_, j) => j !== i).flat();
        if (await attempt(complement)) {
          current = complement;
          granularity = Math.max(granularity - 1, 2);
          reduced = true;
          break;
        }
      }
    }
    if (!reduced) {
      if (granularity >= current.length) break;
      granularity = Math.min(granularity * 2, current.length);
    }
  }
  return { steps: current, runs, exhausted: false };
}

/** `items` in `parts` consecutive pieces of near-equal length. */
function split<T>(items: readonly T[], parts: number): T[][] {
  const pieces: T[][] = [];
  let start = 0;
  for (let i = 0; i < parts; i += 1) {
    const end = start + Math.floor((items.length - start) / (parts - i));
    pieces.push(items.slice(start, end));
    start = end;
  }
  return pieces.filter((piece) => piece.length > 0);
}
