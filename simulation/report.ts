import type { RunReport } from './run.js';
import { describeStep } from './steps.js';

// The run's report as text: the figures, then, for a failure, its seed, what broke, the shortest step list found
// and how to run it again.

export function formatReport(
  report: RunReport,
  command: { store: string; steps: number; environment?: string },
): string {
  const lines: string[] = [];
  const seconds = report.durationMs / 1000;
  lines.push(
    `${report.sequences} sequences, ${report.steps} steps in ${seconds.toFixed(1)} s ` +
      `(${(report.steps / Math.max(seconds, 0.001)).toFixed(0)} steps/s) on ${command.store}`,
  );
  const drawn = [...report.faultsDrawn.entries()].sort(([a], [b]) => a.localeCompare(b));
  lines.push(`faults drawn: ${drawn.map(([fault, n]) => `${fault} ${n}`).join(', ') || 'none'}`);
  lines.push(`peak resident memory: ${Math.round(report.peakRssBytes / 1_048_576)} MiB`);
  lines.push(
    `steps whose fault fired: ${report.faultsFired}; app instances built (1 + crashes): ${report.instancesBuilt}`,
  );
  const elapsed = [...report.elapsedMs.entries()].sort(([, a], [, b]) => b - a);
  lines.push(`real time by part: ${elapsed.map(([what, ms]) => `${what} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);
  const outcomes = [...report.outcomes.entries()].sort(([a], [b]) => a.localeCompare(b));
  lines.push('step outcomes:');
  for (const [outcome, n] of outcomes) lines.push(`  ${outcome}: ${n}`);
  if (report.finalLedgerProblems.length > 0) {
    lines.push('whole-database ledger checks FAILED:');
    for (const problem of report.finalLedgerProblems) lines.push(`  ${problem}`);
  } else {
    lines.push(
      'whole-database ledger checks: every entry nets to zero, every balance equals its postings, none below zero',
    );
  }
  const failure = report.failure;
  if (failure === undefined) {
    lines.push('every invariant held after every step');
    return lines.join('\n');
  }
  lines.push('');
  lines.push(`FAILED: seed ${failure.seed}, after step ${failure.failure.stepIndex}`);
  for (const problem of failure.failure.problems.slice(0, 20)) lines.push(`  ${problem}`);
  const steps = failure.shrunk ?? failure.steps;
  lines.push(
    failure.shrunk
      ? `shortest step list found (${steps.length} of ${failure.steps.length} steps, ${failure.shrinkRuns} runs):`
      : `steps (not shrunk${failure.reproduced ? '' : ': the failure did not reproduce alone'}):`,
  );
  for (const [index, step] of steps.entries()) lines.push(describeStep(step, index));
  lines.push(
    `reproduce: npm run simulate -- --store ${command.store}${command.environment === 'production' ? ' --env production' : ''} ` +
      `--seed ${failure.seed} --sequences 1 --steps ${command.steps}`,
  );
  return lines.join('\n');
}
