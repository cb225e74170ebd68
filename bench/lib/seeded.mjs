// mulberry32: a small seeded generator of numbers in [0, 1), so that a run's choices repeat from its seed. The soak's
// load and the database-failure and failover tests draw from it; the simulator has its own (simulation/random.ts),
// whose sequences its seeds already name.

/** A generator of numbers in [0, 1) that draws the same numbers in the same order for the same seed. */
export function seeded(start) {
  let state = start >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
