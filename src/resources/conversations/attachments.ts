import { createHash } from 'node:crypto';
import { type DocumentKind, documentKindOf } from '../../domain/documents/document-kind.js';
import { validation } from '../../domain/errors.js';
import { limits } from '../../limits.js';

// A message's attachments arrive base64 in the JSON body (one transport for the whole API, and the Idempotency-Key's
// payload hash covers them as it covers every other field). They are checked before anything is stored: decodable,
// not empty, at most 5 MB, and a JPEG, PNG or PDF by their bytes (documentKindOf), as the hosted page accepts.

export interface NewAttachment {
  readonly fileName?: string | undefined;
  readonly content: string;
}

export interface CheckedAttachment {
  readonly fileName: string | null;
  readonly contentType: DocumentKind;
  readonly bytes: Buffer;
  readonly sha256: string;
}

/**
 * Padded base64 (RFC 4648 section 4): Node's decoder skips characters it does not know, so it is checked first. A
 * character class and a length check, not a grouped pattern: V8 backtracks a repeated group recursively, and a 7 MB
 * string overflows the stack.
 */
const base64Characters = /^[A-Za-z0-9+/]*={0,2}$/;
const isBase64 = (text: string): boolean => text.length % 4 === 0 && base64Characters.test(text);

/** Decodes and checks each attachment; 400 ValidationError naming the first one that is not acceptable. */
export function checkAttachments(attachments: readonly NewAttachment[] | undefined): CheckedAttachment[] {
  return (attachments ?? []).map((attachment, i) => {
    const field = `attachments[${i}].content`;
    if (!isBase64(attachment.content)) throw validation(`${field} must be base64 (RFC 4648, padded)`);
    const bytes = Buffer.from(attachment.content, 'base64');
    if (bytes.length > limits.conversationAttachmentMaxBytes) {
      throw validation(`${field} is ${bytes.length} bytes; at most ${limits.conversationAttachmentMaxBytes}`);
    }
    const contentType = documentKindOf(bytes);
    if (contentType === undefined) throw validation(`${field} must be a JPEG, PNG or PDF file`);
    return {
      fileName: attachment.fileName ?? null,
      contentType,
      bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
  });
}
