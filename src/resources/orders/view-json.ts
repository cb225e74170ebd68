import { pairOf } from '../../catalogue/index.js';
import { amountToJson } from '../../domain/money/currency-amount.js';
import { secondsOf } from '../../platform/clock.js';
import { jsonNumber, jsonOpenObject, jsonString, jsonStringRecord } from '../../platform/json-text.js';
import type { OrderRow } from './repo.js';
import { beneficiaryView, destinationView, feeCharged, legStatus, withdrawStatus } from './view.js';

// The order as JSON text, straight from its row: the text the Order schema's serializer writes for orderView(row),
// without building that object first (platform/json-text.ts says why). view-json.test.ts holds the two equal;
// a field added to orderView must be added here too.

const amount = (minor: bigint, currency: string) => jsonNumber(amountToJson(minor, currency));
const seconds = (ms: bigint) => `${secondsOf(Number(ms))}`;
const optional = (key: string, text: string | undefined) => (text === undefined ? '' : `,"${key}":${text}`);
const optionalString = (key: string, value: string | null) => (value === null ? '' : `,"${key}":${jsonString(value)}`);
const optionalSeconds = (key: string, ms: bigint | null) => (ms === null ? '' : `,"${key}":${seconds(ms)}`);

/**
 * The body of the order object, without its closing brace (the list item appends a field). The serializer writes
 * an object's required properties first, then its optional ones, each in the schema's order: so does this.
 */
function orderFields(row: OrderRow): string {
  const origin = row.origin_currency;
  const destination = row.destination_currency;
  const originJson = jsonString(origin);
  const destinationJson = jsonString(destination);
  const originRail = jsonString(row.origin_rail);
  const destinationRail = jsonString(row.destination_rail);
  const originAmount = amount(row.origin_amount, origin);
  const destinationAmount = amount(row.destination_amount, destination);
  const rate = jsonNumber(Number(row.conversion_rate));
  const fee = amount(row.fee, origin);
  return (
    `{"orderId":${jsonString(row.id)},"quoteId":${jsonString(row.quote_id)},"status":${jsonString(row.status)}` +
    `,"originCurrency":${originJson},"originRail":${originRail},"originAmount":${originAmount}` +
    `,"destinationCurrency":${destinationJson},"destinationRail":${destinationRail}` +
    `,"destinationAmount":${destinationAmount},"conversionRate":${rate}` +
    `,"fee":${feeCharged(row) ? fee : '0'},"expectedFee":${fee}` +
    `,"expectedGasFee":${amount(row.gas_fee, origin)},"feeCurrency":${originJson}` +
    `,"destinationTransferData":${jsonStringRecord(destinationView(row))}` +
    `,"deposit":{"depositId":${jsonString(row.deposit_id)},"currency":${originJson},"rail":${originRail}` +
    `,"expectedAmount":${originAmount},"amount":${amount(row.received_amount, origin)}` +
    `,"depositInfo":${jsonOpenObject(row.deposit_info, 'depositType')}` +
    `${optionalSeconds('receivedAt', row.received_at_ms)}}` +
    `,"trade":{"pair":${jsonString(pairOf(origin, destination))},"conversionRate":${rate}` +
    `,"originAmount":${amount(row.origin_amount - row.fee - row.gas_fee, origin)}` +
    `,"destinationAmount":${destinationAmount},"status":"${legStatus(row, row.traded_at_ms)}"` +
    `${optionalSeconds('executedAt', row.traded_at_ms)}}` +
    `,"withdraw":{"currency":${destinationJson},"rail":${destinationRail},"amount":${destinationAmount}` +
    `,"status":"${withdrawStatus(row)}"` +
    `${optionalSeconds('withdrawnAt', row.withdrawn_at_ms)}${optionalSeconds('completedAt', row.completed_at_ms)}}` +
    `,"payBy":${seconds(row.pay_by_ms)},"createdAt":${seconds(row.created_at_ms)}` +
    `,"updatedAt":${seconds(row.updated_at_ms)}` +
    optionalString('customerEmail', row.customer_email) +
    optional('userData', row.user_data === null ? undefined : jsonStringRecord(row.user_data)) +
    optional(
      'destinationUserData',
      row.destination_user_data === null
        ? undefined
        : jsonStringRecord(beneficiaryView(row, row.destination_user_data)),
    ) +
    optionalString('externalReference', row.external_reference) +
    optionalString('failureReason', row.failure_reason)
  );
}

/** The public order object (orderView) as JSON text. */
export const orderJson = (row: OrderRow): string => `${orderFields(row)}}`;

/** A list item (orderListItem) as JSON text: the order and the deprecated misspelled duplicate of its reference. */
export const orderListItemJson = (row: OrderRow): string =>
  `${orderFields(row)}${optionalString('externalRefeference', row.external_reference)}}`;
