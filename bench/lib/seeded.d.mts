/** Types of seeded.mjs, for the tests that draw from it. */
export function seeded(start: number): () => number;
