// The axes of the soak's picture: a linear value axis from zero to a round top (1, 2 or 5 times a power of ten per
// step, at most five steps, as src/domain/charts/axis.ts chooses), a logarithmic one over whole decades with ticks
// at 1, 2 and 5, and the time axis in seconds, minutes or hours, whichever reads best for the run's length.

const multipliers = [1, 2, 5];
const stepsMax = 5;

/** The smallest 1-2-5 step that covers `largest` in at most five steps. */
export function roundStep(largest) {
  // Powers of ten by their exponent, not by repeated multiplication, so that 0.1 stays 0.1.
  for (let exponent = Math.floor(Math.log10(largest > 0 ? largest : 1)) - 1; ; exponent++) {
    for (const m of multipliers) {
      const step = exponent < 0 ? m / 10 ** -exponent : m * 10 ** exponent;
      if (step * stepsMax >= largest) return step;
    }
  }
}

const label = (v) => (Number.isInteger(v) ? v.toLocaleString('en') : String(Number(v.toPrecision(3))));

/** Zero to a round top above the largest value. */
export function lineScale(values) {
  const largest = Math.max(0, ...values);
  const step = largest > 0 ? roundStep(largest) : 1;
  const steps = Math.max(1, Math.ceil(largest / step - 1e-9));
  const top = step * steps;
  const ticks = Array.from({ length: steps + 1 }, (_, i) => ({ value: step * i, label: label(step * i) }));
  return { fraction: (v) => v / top, ticks };
}

/** Whole decades around the values (latencies: at least 0.1 ms), ticks at 1, 2 and 5 of each. */
export function logScale(values) {
  const positive = values.filter((v) => v > 0);
  const low = Math.floor(Math.log10(Math.max(0.1, Math.min(...positive, 1))));
  const high = Math.max(low + 1, Math.ceil(Math.log10(Math.max(...positive, 1))));
  const ticks = [];
  for (let e = low; e <= high; e++) {
    for (const m of multipliers) {
      const value = m * 10 ** e;
      if (value <= 10 ** high) ticks.push({ value, label: label(Number(value.toPrecision(1))) });
    }
  }
  const fraction = (v) => (Math.log10(Math.max(v, 10 ** low)) - low) / (high - low);
  return { fraction, ticks };
}

/** Round steps of the time axis, in seconds. */
const timeSteps = [5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14_400, 28_800];
const ticksMax = 8;

/**
 * Ticks from 0 to the run's end at a round step, labelled in one unit for the whole axis: seconds up to two minutes,
 * minutes up to two hours, hours beyond ("0", "10 min", ...).
 */
export function timeTicks(durationS) {
  const step = timeSteps.find((s) => durationS / s <= ticksMax) ?? Math.ceil(durationS / ticksMax / 3600) * 3600;
  const [per, unit] = durationS <= 120 ? [1, 's'] : durationS <= 7200 ? [60, 'min'] : [3600, 'h'];
  const ticks = [];
  for (let atS = 0; atS <= durationS + 1e-9; atS += step) {
    ticks.push({ atS, label: atS === 0 ? '0' : `${label(atS / per)} ${unit}` });
  }
  return ticks;
}
