import type { FastifyInstance } from 'fastify';

// The style sheet of the server's signed-in browser sites, the operator console and the partner dashboard (one look,
// issue 30): the hosted pages' palette (light theme), at the width of tables rather than of one form. One same-origin file, so the console's content security policy allows no inline style. Text and controls
// keep WCAG AA contrast (4.5:1 or more) on their backgrounds.
const css = `
:root{color-scheme:light;--bg:#f3f4f6;--panel:#ffffff;--text:#111827;--muted:#374151;--line:#6b7280;--soft:#e5e7eb;
--accent:#1d4ed8;--accent-text:#ffffff;--link:#1d4ed8;--error:#b91c1c;--danger:#b91c1c;--note-bg:#fef3c7;--note-text:#78350f;
--ok-bg:#dcfce7;--ok-text:#14532d}
*{box-sizing:border-box}
html,body{margin:0;padding:0}
body{background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.skip{position:absolute;left:-9999px}
.skip:focus{left:12px;top:12px;background:var(--panel);padding:8px 12px;z-index:1}
.top{background:var(--panel);border-bottom:1px solid var(--line);padding:10px 20px;display:flex;flex-wrap:wrap;gap:8px 24px;align-items:center}
.brand{margin:0;font-weight:700;letter-spacing:.02em}
.top nav ul{display:flex;flex-wrap:wrap;gap:4px 16px;list-style:none;margin:0;padding:0}
.top nav a{text-decoration:none;padding:6px 2px;display:inline-block}
.top nav a[aria-current=page]{font-weight:700;text-decoration:underline;text-underline-offset:6px}
.who{margin-left:auto;display:flex;gap:12px;align-items:center;flex-wrap:wrap}
.who form{display:inline}
.role{font-size:.875rem;border:1px solid var(--line);border-radius:999px;padding:2px 10px;color:var(--muted)}
main{max-width:1100px;margin:24px auto;padding:24px 20px;background:var(--panel);border:1px solid var(--soft);border-radius:12px}
main.narrow{max-width:480px}
@media (max-width:600px){main{margin:0;border:0;border-radius:0}}
h1{font-size:1.5rem;line-height:1.3;margin:0 0 16px}
h2{font-size:1.15rem;margin:24px 0 8px}
p{margin:0 0 12px}
.muted{color:var(--muted)}
.id{font-size:.85rem;overflow-wrap:anywhere}
caption{text-align:left;font-weight:600;padding:0 0 8px}
form{display:grid;gap:14px;margin:0}
form.inline{display:inline}
label{display:grid;gap:4px;font-weight:600}
input,select,textarea{font:inherit;color:var(--text);background:var(--panel);border:1px solid var(--line);border-radius:8px;padding:10px 12px;min-height:44px;width:100%}
input:focus-visible,select:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--link);outline-offset:2px}
.hint{font-weight:400;font-size:.875rem;color:var(--muted)}
.actions{display:flex;gap:12px;flex-wrap:wrap;align-items:center;margin-top:4px}
button,.button{font:inherit;font-weight:700;border:0;border-radius:8px;padding:10px 16px;min-height:44px;cursor:pointer;background:var(--accent);color:var(--accent-text);text-decoration:none;display:inline-block}
button.secondary{background:transparent;color:var(--link);border:1px solid var(--line)}
button.danger{background:var(--danger);color:#ffffff}
.button.secondary{background:transparent;color:var(--link);border:1px solid var(--line)}
a{color:var(--link)}
.error{color:var(--error);font-weight:600}
.notice{background:var(--note-bg);color:var(--note-text);border-radius:8px;padding:10px 12px;margin:0 0 16px}
.flag{color:var(--note-text);background:var(--note-bg);border-radius:6px;padding:1px 6px}
.decisions{display:grid;gap:20px}
@media (min-width:701px){td.decide{min-width:240px}}
.done{background:var(--ok-bg);color:var(--ok-text);border-radius:8px;padding:10px 12px;margin:0 0 16px}
.secret{display:block;margin-top:4px;font-family:ui-monospace,SFMono-Regular,Menlo,monospace;overflow-wrap:anywhere;background:var(--bg);border:1px solid var(--soft);border-radius:8px;padding:8px 10px}
.qr{display:block;width:220px;height:220px;background:#ffffff;border:1px solid var(--soft)}
.table-wrap{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid var(--soft);vertical-align:top}
th{color:var(--muted);font-weight:600}
td .actions{margin:0}
/* Narrow screens: each row a card, each cell under its column's name (data-label), nothing scrolled sideways. */
@media (max-width:700px){
table.cards,table.cards tbody,table.cards tr,table.cards td{display:block;width:100%}
table.cards thead{position:absolute;left:-9999px}
table.cards caption{display:block;width:100%}
table.cards tr{border:1px solid var(--soft);border-radius:8px;padding:8px 12px;margin:0 0 12px}
table.cards td{border:0;padding:4px 0;overflow-wrap:anywhere}
table.cards td[data-label]::before{content:attr(data-label);display:block;font-size:.8rem;font-weight:600;color:var(--muted)}
}
form.filters{display:grid;gap:4px 16px;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));align-items:end;margin:0 0 16px}
form.filters .actions,form.filters button{align-self:end}
.changes{margin:0 0 4px;padding-left:18px;overflow-wrap:anywhere}
.json{white-space:pre-wrap;overflow-wrap:anywhere;font:.85rem/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;background:var(--bg);border:1px solid var(--soft);border-radius:8px;padding:8px 10px;margin:4px 0 8px}
table.audit td,table.facts td{overflow-wrap:anywhere}
@media (min-width:701px){table.audit td:nth-child(1){width:14%}table.audit td:nth-child(2),table.audit td:nth-child(3){width:22%}}
.sections{list-style:none;padding:0;margin:0;display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(240px,1fr))}
.sections a{display:block;border:1px solid var(--line);border-radius:8px;padding:14px 16px;text-decoration:none;min-height:44px}
.sections strong{display:block}
.sections span{display:block;color:var(--muted);font-size:.9rem}
.sections span.count{color:var(--text);font-size:1.4rem;font-weight:700;margin:4px 0}
/* Checkboxes in a fieldset (the dashboard's webhook event filter): each a 44px target, its text beside it. */
fieldset{border:1px solid var(--soft);border-radius:8px;padding:10px 14px;margin:0;min-width:0}
legend{font-weight:600;padding:0 4px}
.choices{display:grid;gap:0 16px;grid-template-columns:repeat(auto-fill,minmax(260px,1fr))}
label.check{display:flex;gap:8px;align-items:center;font-weight:400;min-height:44px;overflow-wrap:anywhere}
label.check input{width:22px;height:22px;min-height:0;flex:none;accent-color:var(--accent)}
`;

/** GET of a site's style sheet (/console/console.css, /dashboard/dashboard.css): public, so the sign-in page is styled. */
export async function siteStyleRoute(app: FastifyInstance, path: string): Promise<void> {
  app.get(path, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(css),
  );
}
