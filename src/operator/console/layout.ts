import type { FastifyReply } from 'fastify';
import { esc } from '../../domain/html.js';
import { mayAct } from '../../domain/operators/permissions.js';
import type { SignedInOperator } from '../../platform/actor.js';
import { hiddenToken } from '../../platform/browser/csrf.js';
import { sendSitePage } from '../../platform/browser/page.js';
import { sections } from './sections.js';

// The console's pages (operator console issue, item 3): the signed-in sites' page (platform/browser/page.ts) with the
// console's header, its sections as the operator's role allows them.

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
  return sendSitePage(
    reply,
    {
      site: 'Brokerage console',
      stylesheet: '/console/console.css',
      title: page.title,
      header: header(page),
      body: page.body,
      ...(page.narrow ? { narrow: true } : {}),
    },
    status,
  );
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
