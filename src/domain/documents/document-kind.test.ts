import { describe, expect, it } from 'vitest';
import { documentKindOf } from './document-kind.js';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (s: string) => new TextEncoder().encode(s);

describe('documentKindOf', () => {
  it.each([
    ['a JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0x00), 'image/jpeg'],
    ['a PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00), 'image/png'],
    ['a PDF', text('%PDF-1.7\n'), 'application/pdf'],
    ['the JPEG signature alone', bytes(0xff, 0xd8, 0xff), 'image/jpeg'],
    ['a truncated PNG signature', bytes(0x89, 0x50, 0x4e, 0x47), undefined],
    ['a PDF signature without its dash', text('%PDF1.7'), undefined],
    ['a GIF', text('GIF89a'), undefined],
    ['text', text('hello'), undefined],
    ['nothing', bytes(), undefined],
  ])('%s is %s', (_name, file, kind) => {
    expect(documentKindOf(file)).toBe(kind);
  });
});
