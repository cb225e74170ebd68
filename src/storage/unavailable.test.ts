import { describe, expect, it } from 'vitest';
import { unavailableCause } from './unavailable.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('unavailableCause', () => {
  it.each([
    [withCode('57P01'), 'the database is shutting down'],
    [withCode('57P03'), 'the database is starting up'],
    [withCode('08006'), 'the database connection failed'],
    [withCode('53300'), 'the database has no free connections'],
    [withCode('57014'), 'a statement ran past its time limit'],
    [withCode('25P03'), 'a transaction sat idle past its time limit'],
    [withCode('ECONNREFUSED'), 'the database is unreachable'],
    [withCode('ECONNRESET'), 'the database is unreachable'],
    [new Error('timeout exceeded when trying to connect'), 'no database connection within the time limit'],
    [new Error('Connection terminated unexpectedly'), 'the database connection ended'],
    [new Error('Query read timeout'), 'the database did not answer within the time limit'],
  ])('%s is the database being away: %s', (error, cause) => {
    expect(unavailableCause(error)).toBe(cause);
  });

  it.each([
    [withCode('23505')], // unique violation: the statement's own outcome
    [withCode('23514')], // check violation: insufficient funds
    [withCode('40001')], // serialization failure: retried by the transaction
    [new Error('column "x" does not exist')],
    ['not an error'],
    [undefined],
  ])('%s is an error of the statement, not of the database', (error) => {
    expect(unavailableCause(error)).toBeUndefined();
  });
});
