import { identityIntakeFor } from '../../catalogue/identity-intake.js';
import { currencyOf, isSupportedPair, payoutRailsOf, supportedPairs } from '../../catalogue/index.js';
import { payoutRailByMethod, payoutRailByRail } from '../../catalogue/payout-rails/index.js';
import type {
  AmountBounds,
  CurrencyEntry,
  EntityType,
  IdentityDirection,
  PayoutRailEntry,
} from '../../catalogue/types.js';
import { existence, validation } from '../../domain/errors.js';
import { railIntake } from '../../domain/identity/party-intake.js';
import { amountFromDecimal, amountToJson } from '../../domain/money/currency-amount.js';
import type { Capabilities } from '../../providers/capabilities.js';
import type { CorridorProvider, NetworkQuery } from '../../providers/corridors/corridor-provider.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';

export function requireCurrency(code: string): CurrencyEntry {
  const currency = currencyOf(code);
  if (!currency) throw existence(`Currency ${code} is not offered`);
  return currency;
}

/**
 * The workspace's pairs that can be quoted now: both currencies priced, the origin collected on some connected rail
 * or held in a balance, the destination paid out on one or credited to a balance (production lists only what is
 * live; stage lists every supported pair).
 */
export function enabledPairs(workspace: WorkspaceContext, capabilities: Capabilities): string[] {
  const enabled = workspace.enabledPairs;
  const pairs = enabled === null ? [...supportedPairs] : [...enabled].filter(isSupportedPair).sort();
  if (capabilities.sandbox) return pairs;
  return pairs.filter((pair) => {
    const [origin, destination] = pair.split('/').map((code) => currencyOf(code));
    if (origin === undefined || destination === undefined) return false;
    if (!capabilities.prices(origin.code) || !capabilities.prices(destination.code)) return false;
    // A crypto payout's network fee is priced in US dollars (domain/pricing): without USD it cannot be quoted.
    if (destination.kind === 'crypto' && !destination.holdable && !capabilities.prices('USD')) return false;
    const collected = origin.holdable || origin.acceptedOriginRails.some((r) => capabilities.collects(origin.code, r));
    const delivered =
      destination.holdable || destination.payoutRails.some((r) => capabilities.paysOut(destination.code, r));
    return collected && delivered;
  });
}

/** The currency's payout rails with their catalogue entries, only those connected (production). */
const payoutMethodsOf = (c: CurrencyEntry, capabilities: Capabilities) =>
  payoutRailsOf(c)
    .map((rail) => payoutRailByRail(rail))
    .filter((r): r is PayoutRailEntry => r !== undefined && capabilities.paysOut(c.code, r.rail));

/** The currency's payin methods and origin rails, only those connected (production). */
export function payinOf(c: CurrencyEntry, capabilities: Capabilities) {
  return {
    payinMethods: c.payinMethods.filter((m) => m.rail === 'BALANCE' || capabilities.collects(c.code, m.rail)),
    acceptedOriginRails: c.acceptedOriginRails.filter((r) => r === 'BALANCE' || capabilities.collects(c.code, r)),
  };
}

export function currencyItem(c: CurrencyEntry, capabilities: Capabilities) {
  const payin = payinOf(c, capabilities);
  return {
    code: c.code,
    name: c.name,
    kind: c.kind,
    precision: c.precision,
    holdable: c.holdable,
    canBeOrigin: c.originAllowed,
    canBeDestination: c.destinationAllowed,
    payinMethods: payin.payinMethods,
    acceptedOriginRails: payin.acceptedOriginRails,
    payoutMethods: payoutMethodsOf(c, capabilities).map((r) => ({ method: r.method, rail: r.rail, type: r.kind })),
    countries: [...c.countries],
  };
}

export function destinationSchema(c: CurrencyEntry, method: string | undefined, capabilities: Capabilities) {
  const offered = payoutMethodsOf(c, capabilities);
  let chosen = offered;
  if (method !== undefined) {
    const entry = payoutRailByMethod(method);
    if (!entry || !offered.includes(entry)) {
      throw validation(
        `method ${method} is not a payout method of ${c.code}; accepted methods: ${offered.map((r) => r.method).join(', ') || 'none'}`,
        'invalidParameters',
      );
    }
    chosen = [entry];
  }
  return {
    currency: c.code,
    methods: chosen.map((r) => ({
      method: r.method,
      rail: r.rail,
      type: r.kind,
      fields: r.fields.map((f) => ({
        name: f.key,
        required: f.required,
        type: 'string' as const,
        description: f.description,
        ...(f.pattern === undefined ? {} : { pattern: f.pattern }),
        ...(f.minLength === undefined ? {} : { minLength: f.minLength }),
        ...(f.maxLength === undefined ? {} : { maxLength: f.maxLength }),
        ...(f.enum === undefined ? {} : { enum: [...f.enum] }),
        ...(f.default === undefined ? {} : { default: f.default }),
        ...(f.allowEmpty ? { allowEmpty: true } : {}),
        acceptedIn: [...(f.acceptedIn ?? ['destinationTransferData'])],
      })),
    })),
  };
}

export async function networksOf(
  corridors: CorridorProvider,
  capabilities: Capabilities,
  c: CurrencyEntry,
  query: NetworkQuery,
) {
  if (query.rail !== undefined && !c.acceptedOriginRails.includes(query.rail) && !c.payoutRails.includes(query.rail)) {
    throw validation(`rail ${query.rail} is not a rail of ${c.code}`, 'invalidParameters');
  }
  const found = await corridors.networks(c.code, query);
  const live = (rail: string) => capabilities.collects(c.code, rail) || capabilities.paysOut(c.code, rail);
  return found
    .filter((n) => live(n.rail))
    .map((n) => ({ id: n.id, name: n.name, rail: n.rail, country: n.country, rampTypes: [...n.rampTypes] }));
}

const boundsOut = (bounds: AmountBounds | null, currency: string) => {
  if (bounds === null) return null;
  const number = (decimal: string) => {
    const parsed = amountFromDecimal(decimal, currency);
    if (!parsed.ok) throw new Error(`catalogue limit ${decimal} ${parsed.reason}`);
    return amountToJson(parsed.minor, currency);
  };
  return { min: number(bounds.min), max: number(bounds.max) };
};

export async function limitsOf(corridors: CorridorProvider, c: CurrencyEntry) {
  const found = await corridors.limits(c.code);
  return {
    currency: c.code,
    limits:
      found === null
        ? null
        : {
            payin: boundsOut(found.payin, c.code),
            payout: boundsOut(found.payout, c.code),
            asOf: found.asOf,
          },
  };
}

/**
 * A corridor's identity intake. For a payout it also says, per payout rail, where each of the corridor's extras may
 * come from (an instrument field that carries it, or destinationUserData) and whether destinationUserData is needed.
 */
export function identitySchemaOf(
  c: CurrencyEntry,
  direction: IdentityDirection,
  entityType: EntityType,
  capabilities: Capabilities,
) {
  const intake = identityIntakeFor(c.code, direction, entityType);
  if (!intake) {
    throw validation(
      `${c.code} has no ${direction} corridor${direction === 'payin' ? ' (it cannot be collected)' : ''}`,
    );
  }
  const common = {
    currency: c.code,
    direction,
    entityType,
    required: [...intake.required],
    optional: [...intake.optional],
  };
  if (direction === 'payin') return common;
  const rails = payoutMethodsOf(c, capabilities).map((rail) => {
    const view = railIntake(intake, rail);
    return { ...view, facts: view.facts.map(({ key, acceptedIn }) => ({ key, acceptedIn: [...acceptedIn] })) };
  });
  return { ...common, rails };
}
