import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PollingLoop } from './polling-loop.js';

/** A logger that keeps its lines. */
function recordingLog() {
  const lines: { level: string; message: string }[] = [];
  const at = (level: string) => (_object: unknown, message: string) => lines.push({ level, message });
  const log = { warn: at('warn'), info: at('info'), error: at('error') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('PollingLoop', () => {
  it.each([
    // failures before the pause, random, expected pause (interval 250 ms, ceiling 10 s)
    [0, 0.5, 250],
    [1, 0, 250],
    [1, 0.999, 500],
    [3, 0.5, 1_500],
    [6, 0, 5_000],
    [6, 0.5, 7_500],
    [20, 0.999, 9_995],
  ])('after %i failed rounds with random %s it pauses %i ms', async (failures, random, expected) => {
    const { log } = recordingLog();
    const loop = new PollingLoop(
      async () => {
        throw new Error('database away');
      },
      log,
      { intervalMs: 250, name: 'worker', backoffMaxMs: 10_000, random: () => random },
    );
    for (let i = 0; i < failures; i++) await loop.runDue().catch(() => {});
    expect(loop.nextDelayMs()).toBe(expected);
  });

  it('logs an outage once when rounds start failing and once when one works again, then pauses at the interval', async () => {
    const { log, lines } = recordingLog();
    let failing = true;
    const loop = new PollingLoop(
      async () => {
        if (failing) throw new Error('database away');
        return 1;
      },
      log,
      { intervalMs: 100, name: 'job runner', random: () => 0.5 },
    );
    for (let i = 0; i < 5; i++) await loop.runDue().catch(() => {});
    expect(lines).toEqual([{ level: 'warn', message: 'job runner: failing; retrying with backoff until it works' }]);
    failing = false;
    expect(await loop.runDue()).toBe(1);
    expect(lines.map((l) => l.level)).toEqual(['warn', 'info']);
    expect(lines[1]?.message).toBe('job runner: working again');
    expect(loop.nextDelayMs()).toBe(100);
  });

  it('a round asked for while one runs joins it and tells the worker', async () => {
    const { log } = recordingLog();
    let release: () => void = () => {};
    let busy = 0;
    const loop = new PollingLoop(
      () =>
        new Promise<number>((resolve) => {
          release = () => resolve(7);
        }),
      log,
      { intervalMs: 100, name: 'worker' },
      () => {
        busy += 1;
      },
    );
    const first = loop.runDue();
    const second = loop.runDue();
    release();
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    expect(busy).toBe(1);
  });
});
