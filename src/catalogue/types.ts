// Shapes of the currency and rail catalogue. The catalogue is data only: plain typed objects that
// the domain engines and the discovery endpoints read. Changing a rail or a limit is a data diff.

import type { PartyIdentityKey } from './party-identity-keys.js';

export type CurrencyKind = 'fiat' | 'crypto';

/** How a payer pays into a currency; `type` is the public method family the spec names (pix, bank, ...). */
export type PayinMethodType = 'bank' | 'pix' | 'crypto' | 'mobileMoney' | 'balance';

export interface PayinMethod {
  readonly type: PayinMethodType;
  /** The canonical origin rail for this method. */
  readonly rail: string;
}

export interface CurrencyEntry {
  readonly code: string;
  readonly name: string;
  readonly kind: CurrencyKind;
  /** Decimal places of the minor unit used for every amount in this currency (the asset scale). */
  readonly precision: number;
  /** Can be held in a balance (and so collected by a stand-alone deposit). */
  readonly holdable: boolean;
  /** May be `originCurrency` of a quote or order. */
  readonly originAllowed: boolean;
  /** May be `destinationCurrency` of a quote or order. */
  readonly destinationAllowed: boolean;
  /** Canonical payin methods (BALANCE excluded); empty when the currency cannot be collected. */
  readonly payinMethods: readonly PayinMethod[];
  /** Every accepted spelling of an origin rail, canonical ones first; aliases such as PIX for PIX_BR included. */
  readonly acceptedOriginRails: readonly string[];
  /** Payout rails, the first one being the default when `destinationRail` is omitted. */
  readonly payoutRails: readonly string[];
  /** ISO 3166-1 alpha-2 countries the currency is collected or paid out in. */
  readonly countries: readonly string[];
}

/** Where a field may be supplied: most only in destinationTransferData, some corridor identity fields in either. */
export type FieldLocation = 'destinationTransferData' | 'destinationUserData';

export interface FieldRule {
  readonly key: string;
  readonly required: boolean;
  readonly description: string;
  /** Anchored regular expression source, checked after the length bounds. */
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly enum?: readonly string[];
  readonly default?: string;
  /** An empty string is accepted and means "not given" (the spec's "empty or ..." fields). */
  readonly allowEmpty?: boolean;
  /** Defaults to ['destinationTransferData']. */
  readonly acceptedIn?: readonly FieldLocation[];
  /**
   * The beneficiary fact this field states, as a party identity key (destinationTaxId carries `taxId`). A corridor
   * whose intake asks for that fact takes it from here, so the beneficiary need not be described twice (spec:
   * `destinationUserData` is needed only when the corridor requires beneficiary identity).
   */
  readonly carries?: PartyIdentityKey;
  /**
   * The check digits the value must also pass, after its pattern (the domain's payments/instrument-checks.ts
   * implements each): a mistyped IBAN or tax id is refused at once instead of coming back as a returned payout.
   */
  readonly check?: InstrumentCheck;
}

/** The check-digit schemes a payout field can name; see FieldRule.check. */
export type InstrumentCheck = 'iban' | 'aba' | 'clabe' | 'cpfCnpj' | 'pixKey' | 'cuit' | 'rut';

export type PayoutRailKind = 'bank' | 'crypto' | 'mobileMoney' | 'phone' | 'balance' | 'pix' | 'card';

export interface PayoutRailEntry {
  /** The rail value used as `destinationTransferData.type` and `destinationRail`. */
  readonly rail: string;
  /** The method name used by `GET /v1/currencies/{currency}/destination-schema?method=`. */
  readonly method: string;
  readonly kind: PayoutRailKind;
  readonly currencies: readonly string[];
  readonly fields: readonly FieldRule[];
  /** Where this field set comes from: the spec, or a dated decision of ours. */
  readonly source: string;
}

export type RampType = 'deposit' | 'withdraw';

export interface NetworkEntry {
  /** Stable id partners send as originNetworkId / destinationNetworkId. */
  readonly id: string;
  readonly name: string;
  readonly rail: string;
  readonly currency: string;
  readonly country: string;
  readonly rampTypes: readonly RampType[];
}

/** Decimal strings in major units, so that the data is exact and readable. */
export interface AmountBounds {
  readonly min: string;
  readonly max: string;
}

export interface CorridorLimits {
  readonly currency: string;
  /** Bounds on an amount collected in this currency (origin leg); null when the currency is not collected. */
  readonly payin: AmountBounds | null;
  /** Bounds on an amount paid out in this currency (destination leg); null when it is not paid out. */
  readonly payout: AmountBounds | null;
  readonly asOf: string;
  readonly source: string;
}

export type IdentityDirection = 'payin' | 'payout';
export type EntityType = 'individual' | 'business';

export interface IdentityIntake {
  readonly currency: string;
  readonly direction: IdentityDirection;
  readonly entityType: EntityType;
  /** Party identity fields (userData / destinationUserData keys) the corridor requires. */
  readonly required: readonly PartyIdentityKey[];
  readonly optional: readonly PartyIdentityKey[];
  /**
   * The facts this corridor asks beyond the spec's baseline (a subset of `required`). On a payout, each may come
   * from a field of the payout instrument that carries it (FieldRule.carries) instead of `destinationUserData`.
   */
  readonly extras: readonly PartyIdentityKey[];
  readonly asOf: string;
  readonly source: string;
}

export interface ReferenceRate {
  readonly currency: string;
  /** US dollars per one unit of the currency, as an exact decimal string. */
  readonly usdPerUnit: string;
  /** Half-spread in basis points applied on this currency's side of a conversion. */
  readonly spreadBps: number;
  readonly asOf: string;
}

export interface NetworkGasFee {
  /** A crypto payout rail. */
  readonly rail: string;
  /** Typical network fee of one payout, in US dollars, as an exact decimal string. */
  readonly usd: string;
  readonly asOf: string;
}
