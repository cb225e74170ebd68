// The file kinds a customer document may be: JPEG, PNG or PDF, told by the file's first bytes (its signature), never
// by the name or the type a client claims. The hosted verification page and conversation attachments accept the
// same three kinds, so they are recognised here, once.

export const documentKinds = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type DocumentKind = (typeof documentKinds)[number];

const signatures: readonly { readonly kind: DocumentKind; readonly bytes: readonly number[] }[] = [
  { kind: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { kind: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  // "%PDF-"
  { kind: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

/** The kind of a file by its signature; undefined for anything else (an empty file included). */
export function documentKindOf(file: Uint8Array): DocumentKind | undefined {
  return signatures.find((s) => s.bytes.length <= file.length && s.bytes.every((b, i) => file[i] === b))?.kind;
}
