import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** How a partner asked the hosted page to look (the kyc and open-banking calls carry these). */
export interface PageLook {
  readonly language: string;
  readonly theme: 'dark' | 'light';
  /** Without framing: no header band, border or margin (for partners that embed the page). */
  readonly blank: boolean;
  /** CSS sizes of the widget container, already checked against `cssSize`. */
  readonly width?: string;
  readonly height?: string;
  readonly forceMobile: boolean;
}

export const defaultLook: PageLook = { language: 'en', theme: 'dark', blank: false, forceMobile: false };

/** A CSS length a partner may give for width and height: a number with a unit, or auto. Checked before use. */
export const cssSizePattern = '^(auto|[0-9]{1,4}(\\.[0-9]{1,2})?(px|%|rem|em|vw|vh))$';
const cssSize = new RegExp(cssSizePattern);

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and quoted attribute values. Every partner- or customer-supplied value goes through it. */
export const esc = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => htmlEscapes[c] ?? c);

/**
 * The one locale list both pages share: the first supported language a partner's locale names (`pt-BR` → pt), else
 * English. A partner may send any locale its provider supports; ours are these.
 */
export function pickLanguage<L extends string>(requested: string | undefined, supported: readonly L[]): L {
  const base = (requested ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (supported as readonly string[]).includes(base) ? (base as L) : (supported[0] as L);
}

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
