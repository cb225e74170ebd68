// Bank networks of the BANK_DEPOSIT_* rails whose payout field sets name destinationNetworkId (AR, BW, KE, NG, COL)
// and of the other bank rails of the African currencies, as of 2026-11-21: compiled for the stage catalogue from
// operators' public lists (central-bank and clearing-house member lists); ids are ours. A handful of real banks each,
// not the full member list. rampTypes follow the currency: both where the bank rail also collects, otherwise
// 'withdraw' (ARS, COP and ZAR are paid out only).
// Id scheme: `<iso2 country>-bank-<bank short name>`, lowercase and hyphenated, e.g. `ng-bank-gtbank`.

import { payoutOnly, networkRows as rail } from './network-rows.js';
import type { NetworkEntry } from './types.js';

const ar = rail('BANK_DEPOSIT_AR', 'ARS', payoutOnly);
const co = rail('BANK_DEPOSIT_COL', 'COP', payoutOnly);
const za = rail('BANK_DEPOSIT_ZA', 'ZAR', payoutOnly);
const ng = rail('BANK_DEPOSIT_NG', 'NGN');
const ke = rail('BANK_DEPOSIT_KE', 'KES');
const tz = rail('BANK_DEPOSIT_TZ', 'TZS');
const ug = rail('BANK_DEPOSIT_UG', 'UGX');
const rw = rail('BANK_DEPOSIT_RW', 'RWF');
const mw = rail('BANK_DEPOSIT_MW', 'MWK');
const zm = rail('BANK_DEPOSIT_ZM', 'ZMW');
const bw = rail('BANK_DEPOSIT_BW', 'BWP');
const xof = rail('BANK_DEPOSIT_XOF', 'XOF');
const xaf = rail('BANK_DEPOSIT_XAF', 'XAF');

export const bankNetworks: readonly NetworkEntry[] = [
  ar('AR', 'ar-bank-nacion', 'Banco de la Nación Argentina'),
  ar('AR', 'ar-bank-provincia', 'Banco de la Provincia de Buenos Aires'),
  ar('AR', 'ar-bank-galicia', 'Banco de Galicia'),
  ar('AR', 'ar-bank-santander', 'Banco Santander Argentina'),
  ar('AR', 'ar-bank-bbva', 'BBVA Argentina'),
  ar('AR', 'ar-bank-macro', 'Banco Macro'),
  ar('AR', 'ar-bank-brubank', 'Brubank'),
  ar('AR', 'ar-bank-mercado-pago', 'Mercado Pago (CVU)'),

  co('CO', 'co-bank-bancolombia', 'Bancolombia'),
  co('CO', 'co-bank-bogota', 'Banco de Bogotá'),
  co('CO', 'co-bank-davivienda', 'Davivienda'),
  co('CO', 'co-bank-bbva', 'BBVA Colombia'),
  co('CO', 'co-bank-occidente', 'Banco de Occidente'),
  co('CO', 'co-bank-popular', 'Banco Popular'),

  ng('NG', 'ng-bank-access', 'Access Bank'),
  ng('NG', 'ng-bank-gtbank', 'Guaranty Trust Bank (GTBank)'),
  ng('NG', 'ng-bank-zenith', 'Zenith Bank'),
  ng('NG', 'ng-bank-firstbank', 'First Bank of Nigeria'),
  ng('NG', 'ng-bank-uba', 'United Bank for Africa (UBA)'),
  ng('NG', 'ng-bank-stanbic-ibtc', 'Stanbic IBTC Bank'),
  ng('NG', 'ng-bank-fidelity', 'Fidelity Bank'),
  ng('NG', 'ng-bank-ecobank', 'Ecobank Nigeria'),
  ng('NG', 'ng-bank-wema', 'Wema Bank'),
  ng('NG', 'ng-bank-kuda', 'Kuda Microfinance Bank'),
  ng('NG', 'ng-bank-moniepoint', 'Moniepoint Microfinance Bank'),

  ke('KE', 'ke-bank-kcb', 'KCB Bank Kenya'),
  ke('KE', 'ke-bank-equity', 'Equity Bank Kenya'),
  ke('KE', 'ke-bank-coop', 'Co-operative Bank of Kenya'),
  ke('KE', 'ke-bank-ncba', 'NCBA Bank Kenya'),
  ke('KE', 'ke-bank-absa', 'Absa Bank Kenya'),
  ke('KE', 'ke-bank-stanbic', 'Stanbic Bank Kenya'),
  ke('KE', 'ke-bank-stanchart', 'Standard Chartered Bank Kenya'),
  ke('KE', 'ke-bank-im', 'I&M Bank Kenya'),
  ke('KE', 'ke-bank-dtb', 'Diamond Trust Bank Kenya'),
  ke('KE', 'ke-bank-family', 'Family Bank'),

  tz('TZ', 'tz-bank-crdb', 'CRDB Bank'),
  tz('TZ', 'tz-bank-nmb', 'NMB Bank'),
  tz('TZ', 'tz-bank-nbc', 'National Bank of Commerce (NBC)'),
  tz('TZ', 'tz-bank-stanbic', 'Stanbic Bank Tanzania'),
  tz('TZ', 'tz-bank-exim', 'Exim Bank Tanzania'),
  tz('TZ', 'tz-bank-equity', 'Equity Bank Tanzania'),

  ug('UG', 'ug-bank-stanbic', 'Stanbic Bank Uganda'),
  ug('UG', 'ug-bank-centenary', 'Centenary Bank'),
  ug('UG', 'ug-bank-dfcu', 'dfcu Bank'),
  ug('UG', 'ug-bank-absa', 'Absa Bank Uganda'),
  ug('UG', 'ug-bank-stanchart', 'Standard Chartered Bank Uganda'),
  ug('UG', 'ug-bank-equity', 'Equity Bank Uganda'),

  rw('RW', 'rw-bank-bk', 'Bank of Kigali'),
  rw('RW', 'rw-bank-im', 'I&M Bank Rwanda'),
  rw('RW', 'rw-bank-equity', 'Equity Bank Rwanda'),
  rw('RW', 'rw-bank-bpr', 'BPR Bank Rwanda'),
  rw('RW', 'rw-bank-ecobank', 'Ecobank Rwanda'),
  rw('RW', 'rw-bank-access', 'Access Bank Rwanda'),

  mw('MW', 'mw-bank-nbm', 'National Bank of Malawi'),
  mw('MW', 'mw-bank-standard', 'Standard Bank Malawi'),
  mw('MW', 'mw-bank-fdh', 'FDH Bank'),
  mw('MW', 'mw-bank-nbs', 'NBS Bank'),
  mw('MW', 'mw-bank-first-capital', 'First Capital Bank Malawi'),

  zm('ZM', 'zm-bank-zanaco', 'Zanaco'),
  zm('ZM', 'zm-bank-stanbic', 'Stanbic Bank Zambia'),
  zm('ZM', 'zm-bank-absa', 'Absa Bank Zambia'),
  zm('ZM', 'zm-bank-fnb', 'First National Bank Zambia'),
  zm('ZM', 'zm-bank-access', 'Access Bank Zambia'),
  zm('ZM', 'zm-bank-indo-zambia', 'Indo Zambia Bank'),

  bw('BW', 'bw-bank-fnb', 'First National Bank Botswana'),
  bw('BW', 'bw-bank-absa', 'Absa Bank Botswana'),
  bw('BW', 'bw-bank-stanbic', 'Stanbic Bank Botswana'),
  bw('BW', 'bw-bank-stanchart', 'Standard Chartered Bank Botswana'),
  bw('BW', 'bw-bank-gaborone', 'Bank Gaborone'),
  bw('BW', 'bw-bank-access', 'Access Bank Botswana'),

  za('ZA', 'za-bank-standard', 'Standard Bank'),
  za('ZA', 'za-bank-fnb', 'First National Bank (FNB)'),
  za('ZA', 'za-bank-absa', 'Absa Bank'),
  za('ZA', 'za-bank-nedbank', 'Nedbank'),
  za('ZA', 'za-bank-capitec', 'Capitec Bank'),
  za('ZA', 'za-bank-investec', 'Investec Bank'),
  za('ZA', 'za-bank-tymebank', 'TymeBank'),
  za('ZA', 'za-bank-discovery', 'Discovery Bank'),

  xof('SN', 'sn-bank-cbao', 'CBAO Groupe Attijariwafa bank'),
  xof('SN', 'sn-bank-ecobank', 'Ecobank Sénégal'),
  xof('SN', 'sn-bank-boa', 'Bank of Africa Sénégal'),
  xof('CI', 'ci-bank-sgci', "Société Générale Côte d'Ivoire"),
  xof('CI', 'ci-bank-nsia', "NSIA Banque Côte d'Ivoire"),
  xof('CI', 'ci-bank-ecobank', "Ecobank Côte d'Ivoire"),
  xof('CI', 'ci-bank-sib', 'Société Ivoirienne de Banque'),
  xof('BJ', 'bj-bank-ecobank', 'Ecobank Bénin'),
  xof('BJ', 'bj-bank-boa', 'Bank of Africa Bénin'),
  xof('BF', 'bf-bank-coris', 'Coris Bank International'),
  xof('BF', 'bf-bank-ecobank', 'Ecobank Burkina'),
  xof('ML', 'ml-bank-bdm', 'Banque de Développement du Mali'),
  xof('ML', 'ml-bank-ecobank', 'Ecobank Mali'),
  xof('TG', 'tg-bank-orabank', 'Orabank Togo'),
  xof('TG', 'tg-bank-ecobank', 'Ecobank Togo'),
  xof('NE', 'ne-bank-boa', 'Bank of Africa Niger'),
  xof('NE', 'ne-bank-sonibank', 'Sonibank'),
  xof('GW', 'gw-bank-ecobank', 'Ecobank Guiné-Bissau'),
  xof('GW', 'gw-bank-bao', 'Banco da África Ocidental'),

  xaf('CM', 'cm-bank-afriland', 'Afriland First Bank'),
  xaf('CM', 'cm-bank-scb', 'SCB Cameroun'),
  xaf('CM', 'cm-bank-ecobank', 'Ecobank Cameroun'),
  xaf('GA', 'ga-bank-bgfi', 'BGFIBank Gabon'),
  xaf('GA', 'ga-bank-ecobank', 'Ecobank Gabon'),
  xaf('CG', 'cg-bank-bgfi', 'BGFIBank Congo'),
  xaf('CG', 'cg-bank-lcb', 'LCB Bank'),
  xaf('CG', 'cg-bank-ecobank', 'Ecobank Congo'),
  xaf('TD', 'td-bank-ecobank', 'Ecobank Tchad'),
  xaf('TD', 'td-bank-cbt', 'Commercial Bank Tchad'),
  xaf('CF', 'cf-bank-ecobank', 'Ecobank Centrafrique'),
  xaf('GQ', 'gq-bank-bgfi', 'BGFIBank Guinea Ecuatorial'),
  xaf('GQ', 'gq-bank-ccei', 'CCEI Bank GE'),
];
