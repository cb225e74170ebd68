// Fixtures go through the public API, so they cannot drift from behaviour.

import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { adminToken } from './harness.js';

export const adminHeaders = { authorization: `Bearer ${adminToken}` };

export interface Credentials {
  workspaceId: string;
  clientId: string;
  username: string;
  password: string;
}

let counter = 0;

export async function aWorkspace(app: FastifyInstance, body: Record<string, unknown> = {}): Promise<Credentials> {
  counter += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/admin/v1/workspaces',
    headers: adminHeaders,
    payload: { name: `test workspace ${counter}`, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export function tokenRequest(app: FastifyInstance, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

export async function aToken(app: FastifyInstance, credentials: Credentials): Promise<string> {
  const response = await tokenRequest(app, {
    grant_type: 'password',
    client_id: credentials.clientId,
    username: credentials.username,
    password: credentials.password,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().access_token;
}

export interface Partner {
  credentials: Credentials;
  token: string;
  headers: { authorization: string };
}

/** A fresh workspace with a token: the usual starting point of a partner-facing test. */
export async function aPartner(app: FastifyInstance, body: Record<string, unknown> = {}): Promise<Partner> {
  const credentials = await aWorkspace(app, body);
  const token = await aToken(app, credentials);
  return { credentials, token, headers: { authorization: `Bearer ${token}` } };
}

/** Changes a workspace's settings through the operator API, as an operator would. */
export async function configureWorkspace(app: FastifyInstance, workspaceId: string, settings: Record<string, unknown>) {
  const response = await app.inject({
    method: 'PATCH',
    url: `/admin/v1/workspaces/${workspaceId}`,
    headers: adminHeaders,
    payload: settings,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Moves a customer's verification to `status` through the stage simulation (APPROVED by default). */
export async function verifyCustomer(app: FastifyInstance, partner: Partner, userEmail: string, status = 'APPROVED') {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/simulate/kyc',
    headers: partner.headers,
    payload: { userEmail, status },
  });
  expect(response.statusCode, response.body).toBe(200);
}
