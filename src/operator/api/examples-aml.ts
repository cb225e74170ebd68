import type { ExampleCatalogue } from '../../platform/openapi-examples.js';
import { examplePotentialMatch, ivanTestsanctioned } from '../../resources/aml-screenings/examples.js';

/**
 * A screening that matched the stage sandbox list (amlScreenings.get's, in its workspace), waiting for an operator's
 * resolution: admin.amlScreenings.list, and .resolve once resolved.
 */
const potentialMatch = {
  ...examplePotentialMatch,
  screeningId: '0184e02f-7ea6-49e0-83cf-f4d0aa86c60d',
  workspaceId: 'a75e3ff1-535a-4299-8e6f-9e62f0fced14',
  ...ivanTestsanctioned,
} as const;

/** The OFAC SDN list as imported: admin.sanctionsLists.importOfacSdn, and .list (after a second import). */
const importedSdnList = {
  list: 'OFAC_SDN',
  importedAt: 1748856707,
  entries: 7,
  aliases: 5,
  sha256: '72ecc96cb8658589068b058295f7c60c2789c7a180dcf5f0e69a3af4c2e02bd4',
  version: 1,
  listDate: '2026-11-21',
} as const;

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */
export const adminAmlExamples: ExampleCatalogue = {
  'admin.sanctionsLists.importOfacSdn': {
    request: {
      value: {
        sdnCsv:
          '10001,"KARIMOV, Rustam Alievich","individual","SDGT] [IRGC",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 12 Mar 1968; alt. DOB 1969; POB Tashkent, Uzbekistan; nationality Uzbekistan; Gender Male; Passport AA1234567 (Uzbekistan)."\r\n10002,"MUELLER, Hans-Peter","individual","RUSSIA-EO14024",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB circa 1975; nationality Germany; Gender Male."\r\n10003,"OCEANIC FRONT TRADING CO., LTD.",-0- ,"DPRK3",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Website www.oceanicfront.example; a.k.a. ""OFT""; Organization Established Date 2011."\r\n10004,"NORTHERN STAR","vessel","IRAN-EO13846",-0- ,"9BXX2","Crude Oil Tanker",-0- ,"81000","Iran","NATIONAL TANKER COMPANY",-0- \r\n10005,"EP-XYZ","aircraft","SDGT",-0- ,-0- ,"Boeing 747-200",-0- ,-0- ,-0- ,"NORTHERN AIR",-0- \r\n10006,"PUTILIN, Vladimir Sergeyevich","individual","UKRAINE-EO13661] [RUSSIA-EO14024","Deputy Minister",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 07 Oct 1958; POB Leningrad, Russia; nationality Russia; Gender Male."\r\n10007,"AL-RASHID, Abu Bakr","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n\u001a',
        altCsv:
          '10001,20001,"aka","KARIMOV, Rustem",-0- \r\n10001,20002,"fka","ALIEV, Rustam",-0- \r\n10003,20003,"aka","OFT CO",-0- \r\n10006,20004,"aka","PUTILIN, Volodymyr",-0- \r\n10007,20005,"aka","AL RASHEED, Abubakar","weak alias"\r\n\u001a',
        listDate: importedSdnList.listDate,
      },
    },
    responses: {
      '200': {
        value: importedSdnList,
      },
    },
    errors: {
      '400': {
        message: 'The OFAC SDN files do not parse: sdn.csv record 1 has 3 fields; sdn.csv has 12',
      },
    },
  },
  'admin.sanctionsLists.list': {
    responses: {
      '200': {
        value: [{ ...importedSdnList, version: 2 }],
      },
    },
  },
  'admin.amlScreenings.list': {
    parameters: {
      status: ['POTENTIAL_MATCH'],
      limit: 50,
    },
    responses: { 200: { value: [potentialMatch] } },
  },
  'admin.amlScreenings.resolve': {
    request: {
      value: {
        status: 'FALSE_POSITIVE',
      },
    },
    parameters: {
      screeningId: potentialMatch.screeningId,
    },
    responses: {
      '200': {
        value: { ...potentialMatch, status: 'FALSE_POSITIVE', resolvedAt: 1748856661 },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '404': {
        message: 'AML screening no-such-screening does not exist',
      },
      '409': {
        message:
          'Cannot resolve AML screening fba9ac8c-2c24-4c6a-aaa6-8ac0670d70f3: the screening is FALSE_POSITIVE; only a POTENTIAL_MATCH is resolved',
      },
    },
  },
};
