import type { FastifyReply } from 'fastify';
import { esc } from '../../domain/html.js';
import { mayAct } from '../../domain/operators/permissions.js';
import type { SignedInOperator } from '../../platform/actor.js';
import { hiddenToken } from './csrf.js';
import { sections } from './sections.js';

// The console's pages (operator console issue, item 3): server-rendered HTML with every value escaped (`esc`), in
// English, under a strict content security policy: no script at all (every task is a form), styles from the one
// same-origin sheet, images from it or data: (the enrolment QR code), forms posted only to the console itself, and
// never framed. Pages are not cached (`no-store`), so the back button after sign-out fetches them again, and is
// answered by the sign-in page. The referrer policy is same-origin, not no-referrer: under no-referrer a browser
// sends `Origin: null` with a form post, which the origin check (csrf.ts) refuses; same-origin still keeps the
// enrolment link's secret from any other site.

export interface ConsolePage {
  readonly title: string;
  /** The page's main HTML, built with `esc` around every value. */
  readonly body: string;
  /** The signed-in person: the navigation, the name and role, and the sign-out button. Absent before sign-in. */
  readonly operator?: SignedInOperator;
  /** The navigation entry to mark as the current page. */
  readonly current?: string;
  /** A single-form page (sign-in, enrolment) is narrow. */
  readonly narrow?: boolean;
}

const policy =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function header(page: ConsolePage): string {
  const operator = page.operator;
  if (!operator) return '<header class="top"><p class="brand">Brokerage console</p></header>';
  const links = sections
    .filter((section) => mayAct(operator.role, section.action))
    .map((s) => {
      const current = s.path === page.current ? ' aria-current="page"' : '';
      return `<li><a href="${esc(s.path)}"${current}>${esc(s.title)}</a></li>`;
    })
    .join('');
  return `<header class="top">
<p class="brand">Brokerage console</p>
<nav aria-label="Sections"><ul>${links}</ul></nav>
<div class="who"><span>${esc(operator.email)}</span><span class="role">${esc(operator.role)}</span>
<form class="inline" method="post" action="/console/logout">${hiddenToken(operator.csrfToken)}<button class="secondary" type="submit">Sign out</button></form></div>
</header>`;
}

export function sendConsolePage(reply: FastifyReply, page: ConsolePage, status = 200): FastifyReply {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${esc(page.title)} · Brokerage console</title>
<link rel="stylesheet" href="/console/console.css">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
${header(page)}
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

/** A page that says no: a refused form (403), a role without the permission (403), a failure. */
export function sendNotice(
  reply: FastifyReply,
  status: number,
  title: string,
  text: string,
  operator?: SignedInOperator,
): FastifyReply {
  const back = operator
    ? '<p><a href="/console">Back to the console home</a></p>'
    : '<p><a href="/console/login">Sign in</a></p>';
  return sendConsolePage(
    reply,
    {
      title,
      body: `<h1>${esc(title)}</h1><p>${esc(text)}</p>${back}`,
      ...(operator ? { operator } : { narrow: true }),
    },
    status,
  );
}
