// The AML screening routes as the tests call them, over the app a test file built (read late: it is built in beforeAll).

import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { adminHeaders, type Partner } from './builders.js';

/** An OFAC fixture file of test/fixtures/ofac. */
export const ofacFixture = (name: string) => readFileSync(new URL(`../fixtures/ofac/${name}`, import.meta.url), 'utf8');

/** The stage sandbox list's test name (sandbox-list.ts): with 1970-01-01 a CONFIRMED_MATCH, without a POTENTIAL_MATCH. */
export const ivan = { entityType: 'INDIVIDUAL', firstName: 'Ivan', lastName: 'Testsanctioned' };

export function amlApi(app: () => FastifyInstance) {
  return {
    screen: (p: Partner, payload: object, headers: Record<string, string> = {}) =>
      app().inject({ method: 'POST', url: '/v1/aml-screenings', headers: { ...p.headers, ...headers }, payload }),
    read: (p: Partner, id: string) =>
      app().inject({ method: 'GET', url: `/v1/aml-screenings/${id}`, headers: p.headers }),
    list: (p: Partner, query = '') =>
      app().inject({ method: 'GET', url: `/v1/aml-screenings${query}`, headers: p.headers }),
    resolve: (id: string, payload: object) =>
      app().inject({
        method: 'POST',
        url: `/admin/v1/aml-screenings/${id}/resolution`,
        headers: adminHeaders,
        payload,
      }),
    importOfac: (payload: object) =>
      app().inject({ method: 'POST', url: '/admin/v1/sanctions-lists/ofac-sdn', headers: adminHeaders, payload }),
  };
}
