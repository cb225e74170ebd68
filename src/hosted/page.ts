import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { cssSizePattern, type PageLook } from '../domain/hosted-look.js';
import { esc } from '../domain/html.js';

const cssSize = new RegExp(cssSizePattern);

export interface PageContent {
  readonly title: string;
  /** The page's main HTML, built with `esc` around every value. */
  readonly body: string;
  /** A stage-only note shown above the content (test documents, sandbox bank). */
  readonly sandboxNote?: string;
}

/**
 * Sends a complete hosted page. No script runs on it: every step is a form posted to the server, so the flow works
 * with scripts off and inside any partner frame. The style sheet is a same-origin file and the sizes a partner gave
 * are the only inline style, allowed by a per-response nonce.
 */
export function sendPage(reply: FastifyReply, look: PageLook, content: PageContent, status = 200): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  const sizes = [
    look.width && cssSize.test(look.width) ? `max-width:${look.width};` : '',
    look.height && cssSize.test(look.height) ? `min-height:${look.height};` : '',
  ].join('');
  const classes = [look.blank ? 'blank' : '', look.forceMobile ? 'mobile' : ''].filter(Boolean).join(' ');
  const html = `<!doctype html>
<html lang="${esc(look.language)}" data-theme="${look.theme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${esc(content.title)}</title>
<link rel="stylesheet" href="/hosted/page.css">
${sizes ? `<style nonce="${nonce}">.widget{${sizes}}</style>` : ''}
</head>
<body class="${classes}">
<main class="widget">
${look.blank ? '' : `<header class="band"><p class="brand">Brokerage</p></header>`}
${content.sandboxNote ? `<aside class="sandbox" aria-label="Sandbox">${content.sandboxNote}</aside>` : ''}
${content.body}
</main>
</body>
</html>
`;
  // The page's link carries the session's secret: no request from the page, and no redirect after its forms,
  // names it to another site (the meta tag above says the same to the page; platform/security-headers.ts).
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'self' 'nonce-${nonce}'; img-src 'self' data:; base-uri 'none'; frame-ancestors *`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .send(html);
}
