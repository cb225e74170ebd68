import type { FastifyReply } from 'fastify';
import { esc } from '../../domain/html.js';

// The page of the server's signed-in browser sites, the operator console and the partner dashboard (operator console
// issue, item 3; issue 30): server-rendered HTML with every value escaped (`esc`), in English, under a strict content
// security policy: no script at all (every task is a form), styles from the site's one same-origin sheet, images
// from it or data: (the enrolment QR code), forms posted only to the site itself, and never framed. Pages are not
// cached (`no-store`), so the back button after sign-out fetches them again and is answered by the sign-in page. The
// referrer policy is same-origin, not no-referrer: under no-referrer a browser sends `Origin: null` with a form post,
// which the origin check (csrf.ts) refuses; same-origin still keeps an enrolment link's secret from any other site.

export interface SitePage {
  /** The site's name, after the page's title and in the header ('Brokerage console', 'Brokerage dashboard'). */
  readonly site: string;
  /** The site's style sheet. */
  readonly stylesheet: string;
  readonly title: string;
  /** The page's header: the site's navigation and who is signed in (built by each site). */
  readonly header: string;
  /** The page's main HTML, built with `esc` around every value. */
  readonly body: string;
  /** A single-form page (sign-in, enrolment) is narrow. */
  readonly narrow?: boolean;
}

const policy =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export function sendSitePage(reply: FastifyReply, page: SitePage, status = 200): FastifyReply {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${esc(page.title)} · ${esc(page.site)}</title>
<link rel="stylesheet" href="${esc(page.stylesheet)}">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
${page.header}
<main id="main"${page.narrow ? ' class="narrow"' : ''}>
${page.body}
</main>
</body>
</html>
`;
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', policy)
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'same-origin')
    .header('x-content-type-options', 'nosniff')
    .send(html);
}
