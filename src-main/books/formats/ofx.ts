import { createHash } from 'node:crypto';
import { addDecimal } from '@shared/money/exact';
import { roundDecimal } from '@shared/money/display';
import { KIND_WORDS, type BookMovement } from '../movement-types';
import { ofxDate, rateWords, signedUsd } from './cells';

export interface OfxStatement {
  /** The account the statement is for: the desk's profile (FITIDs are unique within it). */
  accountId: string;
  from: string;
  to: string;
  /** The time the statement describes the account up to: the newest event read (not the clock). */
  asOf: string;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** OFX limits fields by characters; cut by code points so a non-ASCII name stays whole text. */
const cut = (s: string, n: number) => escape([...s.replace(/\s+/g, ' ').trim()].slice(0, n).join(''));

const TRNTYPE: Record<BookMovement['kind'], string> = {
  withdrawal: 'DEBIT',
  'withdrawal-fee': 'FEE',
  'withdrawal-returned': 'CREDIT',
  'withdrawal-fee-returned': 'CREDIT',
  'invoice-payment': 'CREDIT',
  'invoice-fee': 'FEE',
  'wallet-deposit': 'DEP',
};

const transaction = (m: BookMovement) =>
  [
    '<STMTTRN>',
    `<TRNTYPE>${TRNTYPE[m.kind]}</TRNTYPE>`,
    `<DTPOSTED>${ofxDate(m.at)}</DTPOSTED>`,
    `<TRNAMT>${signedUsd(m)}</TRNAMT>`,
    // Stable for ever (entry, chain event, part): re-importing an overlapping period adds nothing twice.
    `<FITID>${m.id}</FITID>`,
    `<NAME>${cut(`${KIND_WORDS[m.kind]} ${m.asset}`, 32)}</NAME>`,
    `<MEMO>${cut(`${m.amount} ${m.asset}; ${m.reference}; ${rateWords(m)}`, 255)}</MEMO>`,
    '</STMTTRN>',
  ].join('\n');

/**
 * OFX 2.1.1 (XML) bank statement in USD of the valued movements. The ledger balance is the period's
 * net: the desk keeps no USD balance of its own, and says so in the user guide.
 */
export function ofxStatement(valued: readonly BookMovement[], s: OfxStatement): string {
  const net = roundDecimal(addDecimal('0', ...valued.map((m) => signedUsd(m)!)), 2);
  // Deterministic: the same statement asked for twice is the same file.
  const trnuid = createHash('sha256').update(`${s.accountId}\n${s.from}\n${s.to}`).digest('hex').slice(0, 32);
  const status = '<STATUS>\n<CODE>0</CODE>\n<SEVERITY>INFO</SEVERITY>\n</STATUS>';
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>',
    '<OFX>',
    '<SIGNONMSGSRSV1>\n<SONRS>',
    status,
    `<DTSERVER>${ofxDate(s.asOf)}</DTSERVER>`,
    '<LANGUAGE>ENG</LANGUAGE>',
    '</SONRS>\n</SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1>\n<STMTTRNRS>',
    `<TRNUID>${trnuid}</TRNUID>`,
    status,
    '<STMTRS>\n<CURDEF>USD</CURDEF>',
    `<BANKACCTFROM>\n<BANKID>MERCHANTDESK</BANKID>\n<ACCTID>${cut(s.accountId, 22)}</ACCTID>\n<ACCTTYPE>CHECKING</ACCTTYPE>\n</BANKACCTFROM>`,
    '<BANKTRANLIST>',
    `<DTSTART>${ofxDate(s.from)}</DTSTART>`,
    `<DTEND>${ofxDate(s.to)}</DTEND>`,
    ...valued.map(transaction),
    '</BANKTRANLIST>',
    `<LEDGERBAL>\n<BALAMT>${net}</BALAMT>\n<DTASOF>${ofxDate(s.asOf)}</DTASOF>\n</LEDGERBAL>`,
    '</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>',
    '</OFX>',
    '',
  ].join('\n');
}
