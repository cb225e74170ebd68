// Bank files as a bank would send them back, written by the tests: a camt.054 notification of credits and debits,
// a pain.002 status report, and a NACHA return file made from the entries of a payout file we cut.

export interface CamtLine {
  readonly bankReference: string;
  readonly direction: 'CRDT' | 'DBIT';
  /** As the bank writes it: "100.00". */
  readonly amount: string;
  readonly rfReference?: string;
  readonly remittance?: string;
  readonly endToEndId?: string;
  readonly returnReason?: string;
  readonly payerName?: string;
  readonly payerIban?: string;
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function camtEntry(currency: string, line: CamtLine): string {
  const remittance =
    line.rfReference !== undefined
      ? `<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${xml(line.rfReference)}</Ref></CdtrRefInf></Strd></RmtInf>`
      : line.remittance !== undefined
        ? `<RmtInf><Ustrd>${xml(line.remittance)}</Ustrd></RmtInf>`
        : '';
  const payer =
    line.payerName === undefined
      ? ''
      : `<RltdPties><Dbtr><Pty><Nm>${xml(line.payerName)}</Nm></Pty></Dbtr>${
          line.payerIban ? `<DbtrAcct><Id><IBAN>${line.payerIban}</IBAN></Id></DbtrAcct>` : ''
        }</RltdPties>`;
  const returned = line.returnReason === undefined ? '' : `<RtrInf><Rsn><Cd>${line.returnReason}</Cd></Rsn></RtrInf>`;
  return `<Ntry>
      <NtryRef>${xml(line.bankReference)}</NtryRef>
      <Amt Ccy="${currency}">${line.amount}</Amt>
      <CdtDbtInd>${line.direction}</CdtDbtInd>
      <Sts><Cd>BOOK</Cd></Sts>
      <BookgDt><Dt>2026-11-25</Dt></BookgDt>
      <AcctSvcrRef>${xml(line.bankReference)}</AcctSvcrRef>
      <NtryDtls><TxDtls>
        <Refs>${line.endToEndId ? `<EndToEndId>${xml(line.endToEndId)}</EndToEndId>` : ''}</Refs>
        <Amt Ccy="${currency}">${line.amount}</Amt>
        <CdtDbtInd>${line.direction}</CdtDbtInd>
        ${payer}${remittance}${returned}
      </TxDtls></NtryDtls>
    </Ntry>`;
}

/** A camt.054.001.08 debit/credit notification of one account. */
export function camt054(account: { iban?: string; number?: string; currency: string }, lines: readonly CamtLine[]) {
  const id = account.iban ? `<IBAN>${account.iban}</IBAN>` : `<Othr><Id>${account.number}</Id></Othr>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>NTF-${lines
      .map((l) => l.bankReference)
      .join('-')
      .slice(0, 30)}</MsgId><CreDtTm>2026-11-25T10:00:00</CreDtTm></GrpHdr>
    <Ntfctn>
      <Id>N1</Id>
      <Acct><Id>${id}</Id><Ccy>${account.currency}</Ccy></Acct>
      ${lines.map((line) => camtEntry(account.currency, line)).join('\n')}
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>`;
}

/** Cents of a decimal the bank writes ("1250.00", "-4.5"): the builders' own exact arithmetic, for the balances. */
const centsOf = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return amount.startsWith('-') ? -cents : cents;
};
const decimalOfCents = (cents: bigint) => {
  const absolute = cents < 0n ? -cents : cents;
  return `${absolute / 100n}.${(absolute % 100n).toString().padStart(2, '0')}`;
};

function balance(code: 'OPBD' | 'CLBD', currency: string, cents: bigint, date: string) {
  return `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="${currency}">${decimalOfCents(cents)}</Amt><CdtDbtInd>${cents < 0n ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
}

/**
 * A camt.053.001.02 statement of one IBAN account with its opening and closing booked balances (OPBD, CLBD) and
 * booked lines. The opening is what the closing was before the lines, unless given; `sequence` is its ElctrncSeqNb.
 */
export function camt053(
  iban: string,
  currency: string,
  closing: { amount: string; date: string; opening?: string; sequence?: number },
  lines: readonly CamtLine[],
) {
  const closingCents = centsOf(closing.amount);
  const movement = lines.reduce((sum, l) => sum + (l.direction === 'CRDT' ? 1n : -1n) * centsOf(l.amount), 0n);
  const openingCents = closing.opening === undefined ? closingCents - movement : centsOf(closing.opening);
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>STM-${closing.date}-${lines.length}</MsgId><CreDtTm>${closing.date}T22:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${iban}-${closing.date}</Id>
      ${closing.sequence === undefined ? '' : `<ElctrncSeqNb>${closing.sequence}</ElctrncSeqNb>`}
      <Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>${currency}</Ccy></Acct>
      ${balance('OPBD', currency, openingCents, closing.date)}
      ${balance('CLBD', currency, closingCents, closing.date)}
      ${lines.map((line) => camtEntry(currency, line)).join('\n')}
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
}

/** A pain.002.001.03 report on one of our pain.001 files: per payout, ACCP or RJCT with a reason. */
export function pain002(
  originalMessageId: string,
  statuses: readonly { endToEndId: string; status: 'ACCP' | 'ACSC' | 'RJCT'; reason?: string }[],
  groupStatus?: 'RJCT',
) {
  const transactions = statuses
    .map(
      (s, i) =>
        `<TxInfAndSts><StsId>S${i + 1}</StsId><OrgnlEndToEndId>${s.endToEndId}</OrgnlEndToEndId><TxSts>${s.status}</TxSts>${
          s.reason ? `<StsRsnInf><Rsn><Cd>${s.reason}</Cd></Rsn></StsRsnInf>` : ''
        }</TxInfAndSts>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>STS-${originalMessageId.slice(0, 20)}</MsgId><CreDtTm>2026-11-25T11:00:00</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts><OrgnlMsgId>${originalMessageId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.03</OrgnlMsgNmId>${
      groupStatus ? `<GrpSts>${groupStatus}</GrpSts>` : ''
    }</OrgnlGrpInfAndSts>
    ${statuses.length > 0 ? `<OrgnlPmtInfAndSts><OrgnlPmtInfId>${originalMessageId}</OrgnlPmtInfId>${transactions}</OrgnlPmtInfAndSts>` : ''}
  </CstmrPmtStsRpt>
</Document>`;
}

const pad = (text: string, width: number) => text.slice(0, width).padEnd(width, ' ');
const zeros = (value: bigint | number, width: number) => value.toString().padStart(width, '0');

/**
 * A NACHA return file for some entries of a payout file we cut: each entry comes back with transaction code 21
 * (return of a checking credit) or 31 (savings) and an addenda 99 naming the reason and the original trace number;
 * batch and file controls are recomputed, as a receiving bank's file would carry them.
 */
export function nachaReturns(payoutFile: string, returned: readonly { payoutId: string; reason: string }[]): string {
  const records = payoutFile.split(/\r?\n/).filter((r) => r.length === 94);
  const header = records.find((r) => r.startsWith('1')) as string;
  const batchHeader = records.find((r) => r.startsWith('5')) as string;
  const out: string[] = [];
  let hash = 0n;
  let credit = 0n;
  let count = 0;
  for (const { payoutId, reason } of returned) {
    const entry = records.find((r) => r.startsWith('6') && r.slice(39, 54).trim() === payoutId);
    if (entry === undefined) throw new Error(`no entry for ${payoutId} in the payout file`);
    const code = entry.slice(1, 3) === '32' ? '31' : '21';
    const trace = entry.slice(79, 94);
    const returnTrace = `${trace.slice(0, 8)}${zeros(9000000 + count, 7)}`;
    out.push(`6${code}${entry.slice(3, 78)}1${returnTrace}`);
    out.push(`799${pad(reason, 3)}${trace}${' '.repeat(6)}${entry.slice(3, 11)}${pad('', 44)}${returnTrace}`);
    hash += BigInt(entry.slice(3, 11));
    credit += BigInt(entry.slice(29, 39));
    count += 2;
  }
  const entryHash = zeros(hash % 10_000_000_000n, 10);
  const batchControl = `8${batchHeader.slice(1, 4)}${zeros(count, 6)}${entryHash}${zeros(0, 12)}${zeros(credit, 12)}${batchHeader.slice(40, 50)}${' '.repeat(25)}${batchHeader.slice(79, 87)}${batchHeader.slice(87, 94)}`;
  const body = [header, batchHeader, ...out, batchControl];
  const blocks = Math.ceil((body.length + 1) / 10);
  const fileControl = `9${zeros(1, 6)}${zeros(blocks, 6)}${zeros(count, 8)}${entryHash}${zeros(0, 12)}${zeros(credit, 12)}${' '.repeat(39)}`;
  const all = [...body, fileControl];
  while (all.length % 10 !== 0) all.push('9'.repeat(94));
  return `${all.join('\n')}\n`;
}
