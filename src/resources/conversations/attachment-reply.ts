import type { FastifyReply } from 'fastify';
import { type TSchema, Type } from 'typebox';
import { documentKinds } from '../../domain/documents/document-kind.js';
import type { AttachmentRow } from './repo-attachments.js';

// An attachment is answered as the file itself, with the kind its bytes were recognised as when it was stored. It
// is always a download (Content-Disposition: attachment) and never sniffed, so a crafted file cannot be rendered as
// a page of this origin.

const extensions: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

/** The documented 200 of an attachment read: one of the three kinds, as binary. */
export const AttachmentFile: TSchema = Type.Unsafe({
  description: 'The file as it was sent: JPEG, PNG or PDF',
  content: Object.fromEntries(documentKinds.map((kind) => [kind, { schema: { type: 'string', format: 'binary' } }])),
});

/** The Content-Disposition value: an ASCII fallback name and the UTF-8 one (RFC 6266, RFC 8187). */
function disposition(row: AttachmentRow): string {
  const name = row.file_name ?? `attachment-${row.position}.${extensions[row.content_type] ?? 'bin'}`;
  const ascii = name.replace(/[^A-Za-z0-9._ -]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function sendAttachment(reply: FastifyReply, row: AttachmentRow): FastifyReply {
  const bytes = Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength);
  return reply
    .code(200)
    .header('content-type', row.content_type)
    .header('content-disposition', disposition(row))
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}
