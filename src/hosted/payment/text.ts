// Every text of the hosted payment page, in the four languages it speaks. Values are plain text: the page escapes
// them (and whatever is put into them) when it builds the HTML.

import { type PaymentPageLanguage, paymentPageLanguages, paymentPageTitles } from '../../catalogue/hosted-pages.js';

export const pageLanguages = paymentPageLanguages;
export type PageLanguage = PaymentPageLanguage;

export interface PageText {
  readonly title: string;
  readonly intro: (recipient: string) => string;
  readonly amount: string;
  readonly recipient: string;
  readonly reference: string;
  readonly bank: string;
  readonly payer: string;
  readonly chooseBank: string;
  readonly payerName: string;
  readonly iban: string;
  readonly ibanHint: string;
  readonly accountNumber: string;
  readonly accountNumberHint: string;
  readonly amountToPay: (currency: string) => string;
  readonly amountHint: string;
  readonly pay: (amount: string) => string;
  readonly payOpenAmount: string;
  readonly cancel: string;
  readonly fixErrors: string;
  readonly errors: {
    readonly bank: string;
    readonly payerName: string;
    readonly iban: string;
    readonly accountNumber: string;
    readonly amount: string;
    readonly amountRange: string;
  };
  readonly authorized: { readonly heading: string; readonly body: (recipient: string) => string };
  readonly checkAgain: string;
  readonly completed: { readonly heading: string; readonly body: (amount: string, recipient: string) => string };
  readonly declined: { readonly heading: string; readonly body: string };
  readonly notSettled: { readonly heading: string; readonly body: string };
  readonly cancelled: { readonly heading: string; readonly body: string };
  readonly notFound: { readonly heading: string; readonly body: string };
  readonly expired: { readonly heading: string; readonly body: string };
  readonly superseded: { readonly heading: string; readonly body: string };
  readonly closed: { readonly heading: string; readonly body: string };
  readonly failure: { readonly heading: string; readonly body: string };
  readonly closeHint: string;
  readonly sandboxTitle: string;
  readonly sandbox: (approves: string, declines: string) => string;
  readonly sandboxPayer: { readonly iban: string; readonly accountNumber: string };
}

const en: PageText = {
  title: paymentPageTitles.en,
  intro: (recipient) => `Pay ${recipient} straight from your bank account.`,
  amount: 'Amount',
  recipient: 'Recipient',
  reference: 'Reference',
  bank: 'Bank',
  payer: 'Payer',
  chooseBank: 'Choose your bank',
  payerName: 'Your full name',
  iban: 'Your IBAN',
  ibanHint: 'As shown on your bank statement, for example DE89 3704 0044 0532 0130 00.',
  accountNumber: 'Your account number',
  accountNumberHint: '8 digits, as shown on your bank card or statement.',
  amountToPay: (currency) => `Amount to pay (${currency})`,
  amountHint: 'For example 125.50',
  pay: (amount) => `Pay ${amount}`,
  payOpenAmount: 'Pay',
  cancel: 'Cancel payment',
  fixErrors: 'Please correct the following:',
  errors: {
    bank: 'Choose your bank.',
    payerName: 'Enter your full name (up to 140 characters).',
    iban: 'Enter a valid IBAN.',
    accountNumber: 'Enter your 8-digit account number.',
    amount: 'Enter an amount greater than 0 with at most 2 decimals.',
    amountRange: 'This amount cannot be paid by bank transfer here; enter a different amount.',
  },
  authorized: {
    heading: 'Payment approved',
    body: (recipient) =>
      `Your bank approved the payment. The money is on its way to ${recipient}; this page shows when it arrives.`,
  },
  checkAgain: 'Check again',
  completed: {
    heading: 'Payment complete',
    body: (amount, recipient) => `${recipient} has received ${amount}.`,
  },
  declined: {
    heading: 'Payment declined',
    body: 'Your bank declined the payment and no money was taken. Ask for a new payment link to try again.',
  },
  notSettled: {
    heading: 'Payment not completed',
    body: 'This payment is no longer needed. Nothing was kept: your bank returns any money it sent.',
  },
  cancelled: { heading: 'Payment cancelled', body: 'You cancelled the payment. No money was taken.' },
  notFound: {
    heading: 'Payment link not found',
    body: 'Check that you opened the whole link you were given, or ask for a new one.',
  },
  expired: { heading: 'Payment link expired', body: 'This link was not used in time. Ask for a new payment link.' },
  superseded: {
    heading: 'Payment link replaced',
    body: 'A newer payment link was issued for this payment. Use the newest link you received.',
  },
  closed: { heading: 'Nothing to pay', body: 'This payment is no longer open. No money was taken.' },
  failure: { heading: 'Something went wrong', body: 'Your payment was not started. Please try again in a moment.' },
  closeHint: 'You can close this page.',
  sandboxTitle: 'Sandbox',
  sandbox: (approves, declines) => `No real money moves. ${approves} approves every payment; ${declines} declines it.`,
  sandboxPayer: {
    iban: 'Any name and a valid IBAN will do, for example DE89 3704 0044 0532 0130 00.',
    accountNumber: 'Any name and any 8-digit account number will do, for example 12345678.',
  },
};

const es: PageText = {
  title: paymentPageTitles.es,
  intro: (recipient) => `Paga a ${recipient} directamente desde tu cuenta bancaria.`,
  amount: 'Importe',
  recipient: 'Destinatario',
  reference: 'Referencia',
  bank: 'Banco',
  payer: 'Pagador',
  chooseBank: 'Elige tu banco',
  payerName: 'Tu nombre completo',
  iban: 'Tu IBAN',
  ibanHint: 'Tal como aparece en tu extracto, por ejemplo ES91 2100 0418 4502 0005 1332.',
  accountNumber: 'Tu número de cuenta',
  accountNumberHint: '8 dígitos, tal como aparecen en tu tarjeta o extracto.',
  amountToPay: (currency) => `Importe a pagar (${currency})`,
  amountHint: 'Por ejemplo 125,50',
  pay: (amount) => `Pagar ${amount}`,
  payOpenAmount: 'Pagar',
  cancel: 'Cancelar el pago',
  fixErrors: 'Corrige lo siguiente:',
  errors: {
    bank: 'Elige tu banco.',
    payerName: 'Escribe tu nombre completo (hasta 140 caracteres).',
    iban: 'Escribe un IBAN válido.',
    accountNumber: 'Escribe tu número de cuenta de 8 dígitos.',
    amount: 'Escribe un importe mayor que 0 con 2 decimales como máximo.',
    amountRange: 'Este importe no se puede pagar aquí por transferencia; escribe otro importe.',
  },
  authorized: {
    heading: 'Pago aprobado',
    body: (recipient) =>
      `Tu banco aprobó el pago. El dinero está en camino a ${recipient}; esta página indicará cuándo llega.`,
  },
  checkAgain: 'Comprobar de nuevo',
  completed: { heading: 'Pago completado', body: (amount, recipient) => `${recipient} ha recibido ${amount}.` },
  declined: {
    heading: 'Pago rechazado',
    body: 'Tu banco rechazó el pago y no se cobró nada. Pide un nuevo enlace de pago para intentarlo otra vez.',
  },
  notSettled: {
    heading: 'Pago no completado',
    body: 'Este pago ya no es necesario. No se ha retenido nada: tu banco devolverá lo que haya enviado.',
  },
  cancelled: { heading: 'Pago cancelado', body: 'Has cancelado el pago. No se cobró nada.' },
  notFound: {
    heading: 'Enlace de pago no encontrado',
    body: 'Comprueba que has abierto el enlace completo que recibiste o pide uno nuevo.',
  },
  expired: {
    heading: 'Enlace de pago caducado',
    body: 'Este enlace no se usó a tiempo. Pide un nuevo enlace de pago.',
  },
  superseded: {
    heading: 'Enlace de pago sustituido',
    body: 'Se emitió un enlace más reciente para este pago. Usa el último enlace que hayas recibido.',
  },
  closed: { heading: 'Nada que pagar', body: 'Este pago ya no está abierto. No se cobró nada.' },
  failure: { heading: 'Algo ha fallado', body: 'El pago no se inició. Vuelve a intentarlo en un momento.' },
  closeHint: 'Ya puedes cerrar esta página.',
  sandboxTitle: 'Entorno de pruebas',
  sandbox: (approves, declines) =>
    `No se mueve dinero real. ${approves} aprueba todos los pagos; ${declines} los rechaza.`,
  sandboxPayer: {
    iban: 'Sirve cualquier nombre y un IBAN válido, por ejemplo ES91 2100 0418 4502 0005 1332.',
    accountNumber: 'Sirve cualquier nombre y cualquier número de cuenta de 8 dígitos, por ejemplo 12345678.',
  },
};

const pt: PageText = {
  title: paymentPageTitles.pt,
  intro: (recipient) => `Pague a ${recipient} diretamente da sua conta bancária.`,
  amount: 'Montante',
  recipient: 'Destinatário',
  reference: 'Referência',
  bank: 'Banco',
  payer: 'Pagador',
  chooseBank: 'Escolha o seu banco',
  payerName: 'O seu nome completo',
  iban: 'O seu IBAN',
  ibanHint: 'Tal como aparece no seu extrato, por exemplo PT50 0002 0123 1234 5678 9015 4.',
  accountNumber: 'O seu número de conta',
  accountNumberHint: '8 dígitos, tal como aparecem no cartão ou no extrato.',
  amountToPay: (currency) => `Montante a pagar (${currency})`,
  amountHint: 'Por exemplo 125,50',
  pay: (amount) => `Pagar ${amount}`,
  payOpenAmount: 'Pagar',
  cancel: 'Cancelar pagamento',
  fixErrors: 'Corrija o seguinte:',
  errors: {
    bank: 'Escolha o seu banco.',
    payerName: 'Escreva o seu nome completo (até 140 caracteres).',
    iban: 'Escreva um IBAN válido.',
    accountNumber: 'Escreva o seu número de conta de 8 dígitos.',
    amount: 'Escreva um montante superior a 0 com 2 casas decimais no máximo.',
    amountRange: 'Este montante não pode ser pago aqui por transferência; escreva outro montante.',
  },
  authorized: {
    heading: 'Pagamento aprovado',
    body: (recipient) =>
      `O seu banco aprovou o pagamento. O dinheiro está a caminho de ${recipient}; esta página indica quando chegar.`,
  },
  checkAgain: 'Verificar novamente',
  completed: { heading: 'Pagamento concluído', body: (amount, recipient) => `${recipient} recebeu ${amount}.` },
  declined: {
    heading: 'Pagamento recusado',
    body: 'O seu banco recusou o pagamento e nada foi cobrado. Peça um novo link de pagamento para tentar outra vez.',
  },
  notSettled: {
    heading: 'Pagamento não concluído',
    body: 'Este pagamento já não é necessário. Nada foi retido: o seu banco devolve o que tiver enviado.',
  },
  cancelled: { heading: 'Pagamento cancelado', body: 'Cancelou o pagamento. Nada foi cobrado.' },
  notFound: {
    heading: 'Link de pagamento não encontrado',
    body: 'Confirme que abriu o link completo que recebeu ou peça um novo.',
  },
  expired: {
    heading: 'Link de pagamento expirado',
    body: 'Este link não foi usado a tempo. Peça um novo link de pagamento.',
  },
  superseded: {
    heading: 'Link de pagamento substituído',
    body: 'Foi emitido um link mais recente para este pagamento. Use o último link que recebeu.',
  },
  closed: { heading: 'Nada a pagar', body: 'Este pagamento já não está em aberto. Nada foi cobrado.' },
  failure: { heading: 'Algo correu mal', body: 'O pagamento não foi iniciado. Tente novamente daqui a pouco.' },
  closeHint: 'Já pode fechar esta página.',
  sandboxTitle: 'Ambiente de testes',
  sandbox: (approves, declines) =>
    `Não se movimenta dinheiro real. ${approves} aprova todos os pagamentos; ${declines} recusa-os.`,
  sandboxPayer: {
    iban: 'Serve qualquer nome e um IBAN válido, por exemplo PT50 0002 0123 1234 5678 9015 4.',
    accountNumber: 'Serve qualquer nome e qualquer número de conta de 8 dígitos, por exemplo 12345678.',
  },
};

const de: PageText = {
  title: paymentPageTitles.de,
  intro: (recipient) => `Zahlen Sie an ${recipient} direkt von Ihrem Bankkonto.`,
  amount: 'Betrag',
  recipient: 'Empfänger',
  reference: 'Referenz',
  bank: 'Bank',
  payer: 'Zahler',
  chooseBank: 'Wählen Sie Ihre Bank',
  payerName: 'Ihr vollständiger Name',
  iban: 'Ihre IBAN',
  ibanHint: 'Wie auf Ihrem Kontoauszug, zum Beispiel DE89 3704 0044 0532 0130 00.',
  accountNumber: 'Ihre Kontonummer',
  accountNumberHint: '8 Ziffern, wie auf Ihrer Karte oder Ihrem Kontoauszug.',
  amountToPay: (currency) => `Zu zahlender Betrag (${currency})`,
  amountHint: 'Zum Beispiel 125,50',
  pay: (amount) => `${amount} bezahlen`,
  payOpenAmount: 'Bezahlen',
  cancel: 'Zahlung abbrechen',
  fixErrors: 'Bitte korrigieren Sie Folgendes:',
  errors: {
    bank: 'Wählen Sie Ihre Bank.',
    payerName: 'Geben Sie Ihren vollständigen Namen ein (bis zu 140 Zeichen).',
    iban: 'Geben Sie eine gültige IBAN ein.',
    accountNumber: 'Geben Sie Ihre 8-stellige Kontonummer ein.',
    amount: 'Geben Sie einen Betrag über 0 mit höchstens 2 Nachkommastellen ein.',
    amountRange: 'Dieser Betrag kann hier nicht per Überweisung bezahlt werden; geben Sie einen anderen Betrag ein.',
  },
  authorized: {
    heading: 'Zahlung freigegeben',
    body: (recipient) =>
      `Ihre Bank hat die Zahlung freigegeben. Das Geld ist unterwegs zu ${recipient}; diese Seite zeigt, wann es ankommt.`,
  },
  checkAgain: 'Erneut prüfen',
  completed: { heading: 'Zahlung abgeschlossen', body: (amount, recipient) => `${recipient} hat ${amount} erhalten.` },
  declined: {
    heading: 'Zahlung abgelehnt',
    body: 'Ihre Bank hat die Zahlung abgelehnt, es wurde nichts abgebucht. Fordern Sie einen neuen Zahlungslink an, um es erneut zu versuchen.',
  },
  notSettled: {
    heading: 'Zahlung nicht abgeschlossen',
    body: 'Diese Zahlung wird nicht mehr benötigt. Es wurde nichts einbehalten: Ihre Bank erstattet, was sie gesendet hat.',
  },
  cancelled: { heading: 'Zahlung abgebrochen', body: 'Sie haben die Zahlung abgebrochen. Es wurde nichts abgebucht.' },
  notFound: {
    heading: 'Zahlungslink nicht gefunden',
    body: 'Prüfen Sie, ob Sie den vollständigen Link geöffnet haben, oder fordern Sie einen neuen an.',
  },
  expired: {
    heading: 'Zahlungslink abgelaufen',
    body: 'Dieser Link wurde nicht rechtzeitig verwendet. Fordern Sie einen neuen Zahlungslink an.',
  },
  superseded: {
    heading: 'Zahlungslink ersetzt',
    body: 'Für diese Zahlung wurde ein neuerer Link ausgestellt. Verwenden Sie den zuletzt erhaltenen Link.',
  },
  closed: { heading: 'Nichts zu bezahlen', body: 'Diese Zahlung ist nicht mehr offen. Es wurde nichts abgebucht.' },
  failure: {
    heading: 'Etwas ist schiefgelaufen',
    body: 'Ihre Zahlung wurde nicht gestartet. Bitte versuchen Sie es gleich noch einmal.',
  },
  closeHint: 'Sie können diese Seite jetzt schließen.',
  sandboxTitle: 'Testumgebung',
  sandbox: (approves, declines) =>
    `Es wird kein echtes Geld bewegt. ${approves} gibt jede Zahlung frei; ${declines} lehnt sie ab.`,
  sandboxPayer: {
    iban: 'Jeder Name und eine gültige IBAN genügen, zum Beispiel DE89 3704 0044 0532 0130 00.',
    accountNumber: 'Jeder Name und eine beliebige 8-stellige Kontonummer genügen, zum Beispiel 12345678.',
  },
};

export const pageText: Readonly<Record<PageLanguage, PageText>> = { en, es, pt, de };

const numberLocales: Readonly<Record<PageLanguage, string>> = { en: 'en-GB', es: 'es-ES', pt: 'pt-PT', de: 'de-DE' };

/** An exact decimal amount written for people in the page language ("1.234,50 €"); display only, no arithmetic. */
export function formatMoney(decimal: string, currency: string, language: PageLanguage): string {
  return new Intl.NumberFormat(numberLocales[language], { style: 'currency', currency }).format(
    decimal as Intl.StringNumericLiteral,
  );
}
