/**
 * The brokerage's operator roles (operator console issue, item 1), least to most trusted. Which role may do what is
 * the permission table beside this file.
 */
export const operatorRoles = ['viewer', 'support', 'compliance', 'admin'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

export const isOperatorRole = (value: string): value is OperatorRole =>
  (operatorRoles as readonly string[]).includes(value);
