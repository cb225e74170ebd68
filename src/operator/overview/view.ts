import type { Static } from 'typebox';
import { amountToJson } from '../../domain/money/currency-amount.js';
import type { DailyFigures as DailyFiguresSchema } from './schema.js';
import type { DailyFigures, MoneyFigure } from './service.js';

// The daily figures at the edge: minor units become JSON numbers here, at each currency's scale, once.

const moneyOut = (figures: readonly MoneyFigure[]) =>
  figures.map((f) => ({ currency: f.currency, count: f.count, volume: amountToJson(f.volumeMinor, f.currency) }));

export function dailyFiguresView(figures: DailyFigures): Static<typeof DailyFiguresSchema> {
  return {
    from: figures.from,
    to: figures.to,
    ...(figures.workspaceId === undefined ? {} : { workspaceId: figures.workspaceId }),
    days: figures.days.map((d) => ({
      day: d.day,
      orders: moneyOut(d.orders),
      deposits: moneyOut(d.deposits),
      withdrawals: moneyOut(d.withdrawals),
      deliveries: { ...d.deliveries },
    })),
  };
}
