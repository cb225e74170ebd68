import { describe, expect, it } from 'vitest';
import { isStorable, unstorableAt } from './storable-input.js';

describe('isStorable', () => {
  it.each([
    ['plain text', 'Ana Silva', true],
    ['accents and scripts', 'João Иван 李', true],
    ['an emoji (a surrogate pair)', 'ok 👍', true],
    ['a NUL character', 'Ana\u0000Silva', false],
    ['a lone high surrogate', 'Ana\ud800', false],
    ['a lone low surrogate', '\udc00Ana', false],
    ['a nested NUL', { userData: { firstName: ['x', 'y\u0000'] } }, false],
    ['a NUL in a key', { 'first\u0000Name': 'Ana' }, false],
    ['numbers, booleans and null', { amount: 10, ok: true, note: null }, true],
  ])('%s: %s', (_what, value, storable) => {
    expect(isStorable(value)).toBe(storable);
  });
});

describe('unstorableAt', () => {
  it.each([
    [{ userData: { firstName: 'A\u0000' } }, 'userData.firstName'],
    [{ names: ['ok', '\ud800'] }, 'names[1]'],
    ['\u0000', 'the body'],
    [{ fine: 'yes' }, undefined],
  ])('%j: %s', (value, at) => {
    expect(unstorableAt(value)).toBe(at);
  });
});
