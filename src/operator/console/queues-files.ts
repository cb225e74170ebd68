import type { FastifyReply } from 'fastify';

// A stored customer file (a KYC document, a conversation's attachment) answered to the console from our own
// database, never from a partner's or a vendor's URL, so the console's `img-src 'self'` shows it. Its content type
// is the kind its bytes were recognised as when stored (JPEG, PNG or PDF); never sniffed; a PDF is a download and
// an image is shown inline; the answer has a policy of its own that runs nothing, and is not cached.

const extensions: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

export function sendStoredFile(
  reply: FastifyReply,
  file: { readonly contentType: string; readonly content: Uint8Array; readonly name: string },
): FastifyReply {
  const bytes = Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength);
  const name = `${file.name}.${extensions[file.contentType] ?? 'bin'}`.replace(/[^A-Za-z0-9._-]/g, '_');
  const disposition = file.contentType.startsWith('image/') ? 'inline' : 'attachment';
  return reply
    .code(200)
    .header('content-type', file.contentType)
    .header('content-disposition', `${disposition}; filename="${name}"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'same-origin')
    .send(bytes);
}
