import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { compileValidator } from './ajv.js';

// The one Ajv configuration (issue #29, item 4): what its two options change, and what every validator shares.

const Body = Type.Object(
  {
    amount: Type.Integer({ minimum: 1 }),
    email: Type.Optional(Type.String({ format: 'email' })),
    note: Type.String({ default: 'none' }),
  },
  { additionalProperties: false },
);
const Query = Type.Object({ limit: Type.Integer(), status: Type.Optional(Type.Array(Type.String())) });
const Open = Type.Object({ amount: Type.Integer() });

describe('the input option: what data arrives as', () => {
  it('json coerces nothing: an amount sent as "100" fails', () => {
    expect(compileValidator(Body, 'json')({ amount: '100' })).toBe(false);
    expect(compileValidator(Body, 'json')({ amount: 100 })).toBe(true);
  });

  it('text coerces, and a parameter given once becomes a list where the schema wants one', () => {
    const query: Record<string, unknown> = { limit: '20', status: 'completed' };
    expect(compileValidator(Query, 'text')(query)).toBe(true);
    expect(query).toEqual({ limit: 20, status: ['completed'] });
    expect(compileValidator(Query, 'text')({ limit: 'twenty' })).toBe(false);
  });
});

describe('the problems option: how many a failed check names', () => {
  const bad = { amount: 0, extra: true };

  it('changes no verdict', () => {
    for (const value of [bad, { amount: 5 }, { amount: 5, note: 'x' }, { amount: '5' }]) {
      expect(compileValidator(Body, 'json', 'every')({ ...value })).toBe(compileValidator(Body, 'json')({ ...value }));
    }
  });

  it('first stops at the first problem, every names them all', () => {
    const first = compileValidator(Body, 'json');
    const every = compileValidator(Body, 'json', 'every');
    first({ ...bad });
    every({ ...bad });
    expect(first.errors?.map((e) => e.keyword)).toEqual(['additionalProperties']);
    expect(every.errors?.map((e) => e.keyword).sort()).toEqual(['additionalProperties', 'minimum']);
  });
});

describe('what every validator shares', () => {
  it.each([
    ['json', 'first'],
    ['json', 'every'],
    ['text', 'first'],
    ['text', 'every'],
  ] as const)(
    '%s, %s: unknown fields are refused, never removed; defaults fill in; formats are checked',
    (input, problems) => {
      const check = compileValidator(Body, input, problems);
      expect(check({ amount: 1, extra: 1 })).toBe(false);
      const open = { amount: 1, extra: 1 };
      expect(compileValidator(Open, input, problems)(open)).toBe(true);
      expect(open).toEqual({ amount: 1, extra: 1 });
      const body: Record<string, unknown> = { amount: 1 };
      expect(check(body)).toBe(true);
      expect(body).toEqual({ amount: 1, note: 'none' });
      expect(check({ amount: 1, email: 'not an address' })).toBe(false);
      expect(check({ amount: 1, email: 'ana@example.com' })).toBe(true);
    },
  );

  it('an unknown keyword is ignored (strict: false): route schemas carry their component name in one', () => {
    expect(compileValidator(Type.Object({ a: Type.String() }, { 'x-component': 'A' }), 'json')({ a: 'b' })).toBe(true);
  });
});
