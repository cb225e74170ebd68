/** Time is passed in, never read from Date.now() in domain code, so that tests can move it. */
export interface Clock {
  nowMs(): number;
}

export const systemClock: Clock = { nowMs: () => Date.now() };

export const secondsOf = (ms: number): number => Math.floor(ms / 1000);
