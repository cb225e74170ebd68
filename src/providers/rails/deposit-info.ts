// The `depositInfo` shapes of the spec's Deposit section, a union discriminated by depositType. Three types are
// ours, for collection rails the spec gives no variant: SPEI (MXN), MOBILE_MONEY (MOBILE_MONEY_*) and BANK_TRANSFER
// (BANK_DEPOSIT_*). Adding them is allowed because clients must read depositType and treat an unknown one as a safe
// default (spec, "Conventions that hold on every endpoint", 5, and the Deposit section).
//
// `amount` is optional on every bank variant: it is absent for open-amount EUR and for account-level deposit methods,
// which reuse these variants and have no expected amount.

export interface CryptoInfo {
  readonly depositType: 'CRYPTO';
  readonly address: string;
  readonly network: string;
}

export interface SepaInfo {
  readonly depositType: 'SEPA';
  readonly accountHolder: string;
  readonly iban: string;
  readonly bic: string;
  readonly bankName: string;
  readonly amount?: number;
  readonly referenceCode: string;
}

export interface GbpBankTransferInfo {
  readonly depositType: 'GBP_BANK_TRANSFER';
  readonly accountHolder: string;
  /** 8 digits. */
  readonly accountNumber: string;
  /** NN-NN-NN. */
  readonly sortCode: string;
  readonly bankName: string;
  readonly amount?: number;
  readonly referenceCode: string;
}

export interface AchUsInfo {
  readonly depositType: 'ACH_US';
  readonly beneficiaryName: string;
  readonly routingNumber: string;
  readonly accountNumber: string;
  readonly bankName: string;
  readonly amount?: number;
  readonly referenceCode: string;
}

/** The spec: no amount and no referenceCode here; both travel inside the BR Code (fields 54 and 62/05). */
export interface PixInfo {
  readonly depositType: 'PIX';
  /** Pass through unchanged: it carries its own CRC. */
  readonly qrCodeString: string;
  /** Raw base64 PNG, no data-URI prefix. */
  readonly base64QRCode: string;
}

export interface PseInfo {
  readonly depositType: 'PSE';
  readonly url: string;
  readonly amountPrefilled?: boolean;
}

/** The spec calls the set open: clients treat a value they do not know like an absent one. */
export type PendingReason = 'collection_account_activating' | 'accountless_per_account_corridor';

export interface PendingInfo {
  readonly depositType: 'PENDING';
  readonly pendingReason?: PendingReason;
}

/** @deprecated Still on historical records; its fields are not specified. Use a corridor-specific type. */
export type LocalBankInfo = Readonly<Record<string, unknown>> & { readonly depositType: 'LOCALBANK' };

/** Ours, not in the spec: MXN collection over SPEI into an 18-digit CLABE. */
export interface SpeiInfo {
  readonly depositType: 'SPEI';
  readonly clabe: string;
  readonly beneficiaryName: string;
  readonly bankName: string;
  readonly amount?: number;
  readonly referenceCode: string;
}

/** Ours, not in the spec: mobile-money collection into a wallet number (E.164). */
export interface MobileMoneyInfo {
  readonly depositType: 'MOBILE_MONEY';
  /** The originNetworkId of the deposit, when it named one. */
  readonly networkId?: string;
  readonly phoneNumber: string;
  readonly accountName: string;
  readonly amount?: number;
  readonly referenceCode: string;
}

/** Ours, not in the spec: a local bank transfer (the BANK_DEPOSIT_* collection rails). */
export interface BankTransferInfo {
  readonly depositType: 'BANK_TRANSFER';
  readonly accountHolder: string;
  readonly accountNumber: string;
  readonly bankName: string;
  readonly amount?: number;
  readonly referenceCode: string;
}

export type DepositInfo =
  | CryptoInfo
  | SepaInfo
  | GbpBankTransferInfo
  | AchUsInfo
  | PixInfo
  | PseInfo
  | PendingInfo
  | LocalBankInfo
  | SpeiInfo
  | MobileMoneyInfo
  | BankTransferInfo;
