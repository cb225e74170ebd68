// What a support ticket is about, as the partner files it (the spec shows no list). Support routes tickets by it;
// a new category is a data change here.

export const supportTicketCategories = [
  /** An order, deposit or withdrawal: late, failed, returned, wrong amount. */
  'PAYMENT',
  /** A customer's or an organisation's identity verification. */
  'VERIFICATION',
  /** A compliance hold or request about a payment or a customer. */
  'COMPLIANCE',
  /** The workspace: credentials, enabled pairs, fees, limits. */
  'ACCOUNT',
  /** The API, webhooks, the sandbox. */
  'TECHNICAL',
  'OTHER',
] as const;

export type SupportTicketCategory = (typeof supportTicketCategories)[number];

/** The payments a ticket may be about, named as webhook resends name them. */
export const supportTicketEntityTypes = ['order', 'deposit', 'withdrawal'] as const;
export type SupportTicketEntityType = (typeof supportTicketEntityTypes)[number];
