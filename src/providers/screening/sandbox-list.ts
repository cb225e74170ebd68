import { parseSdnFiles, type SdnEntry } from './ofac-csv.js';

// The stage sanctions list: fictitious parties written in the OFAC SDN CSV format itself, so that the sandbox runs
// the same parser and matcher as an imported list. The test names (README, "AML screenings"; docs/decisions/):
//   INDIVIDUAL "Ivan Testsanctioned"  born 1970-01-01                      CONFIRMED_MATCH (name and date agree)
//   INDIVIDUAL "Ivan Testsanctioned"  no dateOfBirth                       POTENTIAL_MATCH
//   INDIVIDUAL "Ivan Testsanctioned"  born on any other day                FALSE_POSITIVE (the date disagrees)
//   INDIVIDUAL "Ivan Testsanktsioned" (or the alias "Vanya Testsanctioned", or Cyrillic "Иван Тестсанкционед")
//                                     no date, or born 1970-01-01          POTENTIAL_MATCH (close, not equal)
//   BUSINESS   "Sandbox Embargoed Trading LLC" (or alias "SET Trading")   POTENTIAL_MATCH (no date to settle it)
//   any other name                                                         CLEAR

export const sandboxListName = 'SANDBOX';

const sdnCsv = [
  '9900001,"TESTSANCTIONED, Ivan","individual","SDGT] [CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,' +
    '"DOB 01 Jan 1970; POB Sandbox City; nationality Sandboxia; Gender Male."',
  '9900002,"SANDBOX EMBARGOED TRADING LLC",-0- ,"IRAN",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,' +
    '"Website www.sandbox-embargoed.example; Organization Type: Wholesale trade."',
  '9900003,"SANDBOX VESSEL",vessel,"IRAN",-0- ,"XXXX1","Crude Oil Tanker",-0- ,"1000","Sandboxia",-0- ,-0- ',
  '\u001a',
].join('\r\n');

const altCsv = [
  '9900001,9910001,"aka","TESTSANCTIONED, Vanya",-0- ',
  '9900002,9910002,"aka","SET TRADING",-0- ',
  '\u001a',
].join('\r\n');

function parsed(): SdnEntry[] {
  const result = parseSdnFiles(sdnCsv, altCsv);
  if (!result.ok) throw new Error(`the sandbox sanctions list does not parse: ${result.reason}`);
  return result.value;
}

export const sandboxEntries: readonly SdnEntry[] = parsed();
