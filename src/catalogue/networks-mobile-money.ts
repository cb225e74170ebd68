// Mobile-money networks of every MOBILE_MONEY_* rail in currencies.ts, as of 2026-11-21: compiled for the stage
// catalogue from operators' public lists; ids are ours. One row per network: country, id, display name and, where
// the network only pays out, 'withdraw'. XOF and XAF span several countries, so each of their networks carries
// its own country (read with `country=` on the networks lookup).
// Id scheme: `<iso2 country>-<operator brand>`, lowercase and hyphenated, e.g. `ke-mpesa`, `ci-orange-money`.

import { payoutOnly, networkRows as rail } from './network-rows.js';
import type { NetworkEntry } from './types.js';

const ng = rail('MOBILE_MONEY_NG', 'NGN');
const ke = rail('MOBILE_MONEY_KE', 'KES');
const tz = rail('MOBILE_MONEY_TZ', 'TZS');
const ug = rail('MOBILE_MONEY_UG', 'UGX');
const rw = rail('MOBILE_MONEY_RW', 'RWF');
const mw = rail('MOBILE_MONEY_MW', 'MWK');
const zm = rail('MOBILE_MONEY_ZM', 'ZMW');
const bw = rail('MOBILE_MONEY_BW', 'BWP');
const za = rail('MOBILE_MONEY_ZA', 'ZAR');
const xof = rail('MOBILE_MONEY_XOF', 'XOF');
const xaf = rail('MOBILE_MONEY_XAF', 'XAF');

export const mobileMoneyNetworks: readonly NetworkEntry[] = [
  ng('NG', 'ng-mtn-momo', 'MTN MoMo PSB'),
  ng('NG', 'ng-airtel-smartcash', 'Airtel SmartCash PSB'),
  ng('NG', 'ng-opay', 'OPay'),
  ng('NG', 'ng-palmpay', 'PalmPay'),
  ng('NG', 'ng-paga', 'Paga'),

  ke('KE', 'ke-mpesa', 'Safaricom M-Pesa'),
  ke('KE', 'ke-airtel-money', 'Airtel Money Kenya'),
  ke('KE', 'ke-tkash', 'Telkom T-Kash', payoutOnly),

  tz('TZ', 'tz-mpesa', 'Vodacom M-Pesa Tanzania'),
  tz('TZ', 'tz-airtel-money', 'Airtel Money Tanzania'),
  tz('TZ', 'tz-mixx-by-yas', 'Mixx by Yas (formerly Tigo Pesa)'),
  tz('TZ', 'tz-halopesa', 'Halotel HaloPesa', payoutOnly),

  ug('UG', 'ug-mtn-momo', 'MTN MoMo Uganda'),
  ug('UG', 'ug-airtel-money', 'Airtel Money Uganda'),

  rw('RW', 'rw-mtn-momo', 'MTN MoMo Rwanda'),
  rw('RW', 'rw-airtel-money', 'Airtel Money Rwanda'),

  mw('MW', 'mw-airtel-money', 'Airtel Money Malawi'),
  mw('MW', 'mw-tnm-mpamba', 'TNM Mpamba'),

  zm('ZM', 'zm-mtn-momo', 'MTN MoMo Zambia'),
  zm('ZM', 'zm-airtel-money', 'Airtel Money Zambia'),
  zm('ZM', 'zm-zamtel-money', 'Zamtel Money', payoutOnly),

  bw('BW', 'bw-orange-money', 'Orange Money Botswana'),
  bw('BW', 'bw-myzaka', 'Mascom MyZaka'),
  bw('BW', 'bw-smega', 'BTC Smega', payoutOnly),

  // ZAR is paid out only.
  za('ZA', 'za-mtn-momo', 'MTN MoMo South Africa', payoutOnly),
  za('ZA', 'za-vodapay', 'Vodacom VodaPay', payoutOnly),

  xof('SN', 'sn-orange-money', 'Orange Money Senegal'),
  xof('SN', 'sn-wave', 'Wave Senegal'),
  xof('SN', 'sn-mixx-by-yas', 'Mixx by Yas Senegal (formerly Free Money)'),
  xof('CI', 'ci-orange-money', "Orange Money Côte d'Ivoire"),
  xof('CI', 'ci-mtn-momo', "MTN MoMo Côte d'Ivoire"),
  xof('CI', 'ci-moov-money', "Moov Money Côte d'Ivoire"),
  xof('CI', 'ci-wave', "Wave Côte d'Ivoire"),
  xof('BJ', 'bj-mtn-momo', 'MTN MoMo Benin'),
  xof('BJ', 'bj-moov-money', 'Moov Money Benin'),
  xof('BJ', 'bj-celtiis-cash', 'Celtiis Cash', payoutOnly),
  xof('BF', 'bf-orange-money', 'Orange Money Burkina Faso'),
  xof('BF', 'bf-moov-money', 'Moov Money Burkina Faso'),
  xof('BF', 'bf-wave', 'Wave Burkina Faso', payoutOnly),
  xof('ML', 'ml-orange-money', 'Orange Money Mali'),
  xof('ML', 'ml-moov-money', 'Moov Money Mali'),
  xof('ML', 'ml-wave', 'Wave Mali', payoutOnly),
  xof('TG', 'tg-mixx-by-yas', 'Mixx by Yas Togo (formerly T-Money)'),
  xof('TG', 'tg-moov-money', 'Moov Money Togo (Flooz)'),
  xof('NE', 'ne-airtel-money', 'Airtel Money Niger'),
  xof('NE', 'ne-moov-money', 'Moov Money Niger'),
  xof('NE', 'ne-zamani-cash', 'Zamani Cash', payoutOnly),
  xof('GW', 'gw-orange-money', 'Orange Money Guinea-Bissau'),

  xaf('CM', 'cm-mtn-momo', 'MTN MoMo Cameroon'),
  xaf('CM', 'cm-orange-money', 'Orange Money Cameroon'),
  xaf('GA', 'ga-airtel-money', 'Airtel Money Gabon'),
  xaf('GA', 'ga-moov-money', 'Moov Money Gabon'),
  xaf('CG', 'cg-mtn-momo', 'MTN MoMo Congo'),
  xaf('CG', 'cg-airtel-money', 'Airtel Money Congo'),
  xaf('TD', 'td-airtel-money', 'Airtel Money Chad'),
  xaf('TD', 'td-moov-money', 'Moov Money Chad'),
  xaf('CF', 'cf-orange-money', 'Orange Money Central African Republic'),
  xaf('CF', 'cf-moov-money', 'Moov Money Central African Republic', payoutOnly),
  // Equatorial Guinea: named after the two mobile operators (GETESA, Muni); wallet brand names not confirmed.
  xaf('GQ', 'gq-getesa', 'GETESA mobile money'),
  xaf('GQ', 'gq-muni', 'Muni mobile money', payoutOnly),
];
