// The languages each hosted page is written in. A session's `language` (kyc and open-banking calls) is picked
// from these: the page's own texts (src/hosted/) are typed by them, so a language cannot be listed without its text.

export const kycPageLanguages = ['en', 'es', 'pt'] as const;
export type KycPageLanguage = (typeof kycPageLanguages)[number];

export const paymentPageLanguages = ['en', 'es', 'pt', 'de'] as const;
export type PaymentPageLanguage = (typeof paymentPageLanguages)[number];

/** The payment page's title: the page's heading, and the title of the iframe the open-banking answer embeds. */
export const paymentPageTitles: Readonly<Record<PaymentPageLanguage, string>> = {
  en: 'Pay by bank',
  es: 'Pagar con tu banco',
  pt: 'Pagar pelo banco',
  de: 'Per Bank bezahlen',
};
