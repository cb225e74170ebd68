import type { FastifyReply } from 'fastify';
import { esc } from '../domain/html.js';
import { mayDo } from '../domain/partner-users/permissions.js';
import type { SignedInPartnerUser } from '../platform/actor.js';
import { hiddenToken } from '../platform/browser/csrf.js';
import { sendSitePage } from '../platform/browser/page.js';
import { dashboardSections } from './sections.js';

// The dashboard's pages (issue 30, item 1): the signed-in sites' page (platform/browser/page.ts, the console's look
// and security headers) with the dashboard's header: its sections as the person's role allows them, the workspace,
// and the sign-out button.

export interface DashboardPage {
  readonly title: string;
  /** The page's main HTML, built with `esc` around every value. */
  readonly body: string;
  /** The signed-in person; absent before sign-in. */
  readonly user?: SignedInPartnerUser;
  /** The navigation entry to mark as the current page. */
  readonly current?: string;
  readonly narrow?: boolean;
}

function header(page: DashboardPage): string {
  const user = page.user;
  if (!user) return '<header class="top"><p class="brand">Brokerage dashboard</p></header>';
  const links = dashboardSections
    .filter((section) => mayDo(user.role, section.action))
    .map((s) => {
      const current = s.path === page.current ? ' aria-current="page"' : '';
      return `<li><a href="${esc(s.path)}"${current}>${esc(s.title)}</a></li>`;
    })
    .join('');
  return `<header class="top">
<p class="brand">Brokerage dashboard</p>
<nav aria-label="Sections"><ul>${links}</ul></nav>
<div class="who"><span>${esc(user.email)}</span><span class="role">${esc(user.role)}</span>
<form class="inline" method="post" action="/dashboard/logout">${hiddenToken(user.csrfToken)}<button class="secondary" type="submit">Sign out</button></form></div>
</header>`;
}

export function sendDashboardPage(reply: FastifyReply, page: DashboardPage, status = 200): FastifyReply {
  return sendSitePage(
    reply,
    {
      site: 'Brokerage dashboard',
      stylesheet: '/dashboard/dashboard.css',
      title: page.title,
      header: header(page),
      body: page.body,
      ...(page.narrow ? { narrow: true } : {}),
    },
    status,
  );
}

/** A page that says no: a refused form (403), a role without the permission (403), a failure. */
export function sendDashboardNotice(
  reply: FastifyReply,
  status: number,
  title: string,
  text: string,
  user?: SignedInPartnerUser,
): FastifyReply {
  const back = user
    ? '<p><a href="/dashboard">Back to the dashboard home</a></p>'
    : '<p><a href="/dashboard/login">Sign in</a></p>';
  return sendDashboardPage(
    reply,
    { title, body: `<h1>${esc(title)}</h1><p>${esc(text)}</p>${back}`, ...(user ? { user } : { narrow: true }) },
    status,
  );
}
