import type { FieldLocation, FieldRule, PayoutRailEntry } from '../../catalogue/types.js';
import { instrumentCheckProblem } from '../payments/instrument-checks.js';

// Pure checks of a payout destination against its rail's field rules: the shape, then any check digits the rule
// names. The caller maps the first error to the API's 400 (naming the field); the rest are returned so that tooling
// and logs can show every problem at once.

export interface FieldError {
  readonly field: string;
  readonly message: string;
}

const TRANSFER: FieldLocation = 'destinationTransferData';
const DEFAULT_LOCATIONS: readonly FieldLocation[] = [TRANSFER];

// Rule patterns are a fixed catalogue, so the cache is bounded by the catalogue's size.
const compiled = new Map<string, RegExp>();

function regexFor(source: string): RegExp {
  let re = compiled.get(source);
  if (re === undefined) {
    re = new RegExp(source, 'u');
    compiled.set(source, re);
  }
  return re;
}

/** Length in code points, so that an accented or CJK name counts the characters a person sees. */
function lengthOf(value: string): number {
  let n = 0;
  for (const _ of value) n += 1;
  return n;
}

function lengthMessage(rule: FieldRule): string {
  const { minLength: min, maxLength: max } = rule;
  if (min !== undefined && max !== undefined) {
    return min === max ? `must be exactly ${min} characters` : `must be between ${min} and ${max} characters`;
  }
  return min !== undefined ? `must be at least ${min} characters` : `must be at most ${max} characters`;
}

/** The first failed check of a value that is known to be a string; undefined when it passes. */
function checkValue(rule: FieldRule, value: string): string | undefined {
  if (value === '' && rule.allowEmpty === true) return undefined;
  // An enum is the complete set of accepted values: its list is the useful message, not the pattern's.
  if (rule.enum !== undefined) {
    return rule.enum.includes(value) ? undefined : `must be one of: ${rule.enum.join(', ')}`;
  }
  const length = lengthOf(value);
  if (
    (rule.minLength !== undefined && length < rule.minLength) ||
    (rule.maxLength !== undefined && length > rule.maxLength)
  ) {
    return lengthMessage(rule);
  }
  if (rule.pattern !== undefined && !regexFor(rule.pattern).test(value)) {
    return `is not in the expected format: ${rule.description}`;
  }
  // Check digits after the shape, so that a value of the wrong shape is told its format, not its arithmetic.
  return rule.check === undefined ? undefined : instrumentCheckProblem(rule.check, value);
}

type Sources = Record<FieldLocation, Record<string, unknown> | undefined>;

function checkField(rule: FieldRule, sources: Sources): FieldError | undefined {
  const locations = rule.acceptedIn ?? DEFAULT_LOCATIONS;
  const primary = `${locations[0] ?? TRANSFER}.${rule.key}`;
  // The first location holding a non-empty string supplies the value; '' counts as "not given" so that a blank
  // transfer-data city does not hide the city in the identity object.
  let emptyAt: string | undefined;
  for (const location of locations) {
    const source = sources[location];
    // Own properties only: a key such as `constructor` must not be read off Object.prototype.
    const value = source !== undefined && Object.hasOwn(source, rule.key) ? source[rule.key] : undefined;
    const field = `${location}.${rule.key}`;
    if (value === undefined) continue;
    if (typeof value !== 'string') return { field, message: `${field} must be a string` };
    if (value === '') {
      emptyAt ??= field;
      continue;
    }
    // Blanks are not a value: a name or an account of spaces would reach the rail and fail there.
    if (value.trim() === '') return { field, message: `${field} must not be blank` };
    const problem = checkValue(rule, value);
    return problem === undefined ? undefined : { field, message: `${field} ${problem}` };
  }
  if (rule.required) {
    const where = locations.length > 1 ? ` (in ${locations.join(' or ')})` : '';
    return { field: primary, message: `${primary} is required${where}` };
  }
  if (emptyAt === undefined) return undefined;
  const problem = checkValue(rule, '');
  return problem === undefined ? undefined : { field: emptyAt, message: `${emptyAt} ${problem}` };
}

/**
 * Every problem of `transferData` (and of the identity fields read from `userData`) for `entry`, in the order
 * `type`, the rail's fields, then unknown keys. An empty array means the destination is acceptable.
 */
export function validateDestination(
  entry: PayoutRailEntry,
  transferData: Record<string, unknown>,
  userData?: Record<string, unknown>,
): FieldError[] {
  const errors: FieldError[] = [];
  const type = transferData.type;
  const typeField = `${TRANSFER}.type`;
  if (type === undefined || type === '') {
    errors.push({ field: typeField, message: `${typeField} is required` });
  } else if (typeof type !== 'string') {
    errors.push({ field: typeField, message: `${typeField} must be a string` });
  } else if (type !== entry.rail) {
    errors.push({ field: typeField, message: `${typeField} must be ${entry.rail}` });
  }

  const sources: Sources = { destinationTransferData: transferData, destinationUserData: userData };
  const known = new Set<string>(['type']);
  for (const rule of entry.fields) {
    if ((rule.acceptedIn ?? DEFAULT_LOCATIONS).includes(TRANSFER)) known.add(rule.key);
    const error = checkField(rule, sources);
    if (error !== undefined) errors.push(error);
  }

  for (const key of Object.keys(transferData)) {
    if (!known.has(key)) {
      errors.push({ field: `${TRANSFER}.${key}`, message: `${TRANSFER}.${key} is not a field of ${entry.rail}` });
    }
  }
  return errors;
}

/** A copy of `transferData` with each omitted defaulted field filled in (e.g. ACH_US bankAccountType CHECKING). */
export function applyDefaults(entry: PayoutRailEntry, transferData: Record<string, unknown>): Record<string, unknown> {
  const filled: Record<string, unknown> = { ...transferData };
  for (const rule of entry.fields) {
    if (rule.default === undefined) continue;
    const value = filled[rule.key];
    if (value === undefined || (value === '' && rule.allowEmpty === true)) filled[rule.key] = rule.default;
  }
  return filled;
}
