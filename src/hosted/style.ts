import type { FastifyInstance } from 'fastify';

// Both themes keep body text and controls at WCAG AA contrast (4.5:1 or more) on their backgrounds.
const css = `
:root{color-scheme:dark;--bg:#111827;--panel:#1f2937;--text:#f9fafb;--muted:#d1d5db;--line:#4b5563;
--accent:#2563eb;--accent-text:#ffffff;--link:#93c5fd;--error:#fca5a5;--note-bg:#422006;--note-text:#fde68a}
[data-theme=light]{color-scheme:light;--bg:#f3f4f6;--panel:#ffffff;--text:#111827;--muted:#374151;--line:#6b7280;
--accent:#1d4ed8;--accent-text:#ffffff;--link:#1d4ed8;--error:#b91c1c;--note-bg:#fef3c7;--note-text:#78350f}
*{box-sizing:border-box}
html,body{margin:0;padding:0}
body{background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.widget{max-width:480px;margin:0 auto;padding:24px 20px;background:var(--panel);min-height:100vh}
@media (min-width:600px){body:not(.mobile) .widget{margin:32px auto;min-height:0;border:1px solid var(--line);border-radius:12px}}
body.blank{background:var(--panel)}
body.blank .widget{border:0;margin:0 auto;min-height:0}
body.mobile .widget{max-width:420px}
.band{border-bottom:1px solid var(--line);margin:-24px -20px 20px;padding:12px 20px}
.brand{margin:0;font-weight:700;letter-spacing:.02em}
h1{font-size:1.4rem;line-height:1.3;margin:0 0 12px}
h2{font-size:1.1rem;margin:20px 0 8px}
p{margin:0 0 12px}
.muted{color:var(--muted)}
.steps{display:flex;gap:8px;list-style:none;padding:0;margin:0 0 16px;color:var(--muted);font-size:.875rem;flex-wrap:wrap}
.steps [aria-current=step]{color:var(--text);font-weight:700}
form{display:grid;gap:14px;margin:0}
label{display:grid;gap:4px;font-weight:600}
.check{display:flex;gap:10px;align-items:flex-start;font-weight:400}
.check input[type=checkbox]{margin-top:2px;width:22px;height:22px;flex:none;accent-color:var(--accent)}
input,select{font:inherit;color:var(--text);background:var(--bg);border:1px solid var(--line);border-radius:8px;padding:10px 12px;min-height:44px;width:100%}
input[type=checkbox]{min-height:0;width:auto}
input[type=file]{padding:8px}
input:focus-visible,select:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--link);outline-offset:2px}
.hint{font-weight:400;font-size:.875rem;color:var(--muted)}
.actions{display:flex;gap:12px;flex-wrap:wrap;align-items:center;margin-top:4px}
button,.button{font:inherit;font-weight:700;border:0;border-radius:8px;padding:12px 18px;min-height:44px;cursor:pointer;background:var(--accent);color:var(--accent-text);text-decoration:none;display:inline-block}
button.secondary{background:transparent;color:var(--link);border:1px solid var(--line)}
a{color:var(--link)}
.error{color:var(--error);font-weight:600}
.sandbox{background:var(--note-bg);color:var(--note-text);border-radius:8px;padding:10px 12px;margin:0 0 16px;font-size:.875rem}
.sandbox p{margin:0 0 4px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:0 0 16px}
dt{color:var(--muted)}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.amount{font-size:1.6rem;font-weight:700;margin:0 0 8px}
/* Payment page (open banking): fields with their hints and errors, a bank choice, an error summary. */
.field{display:grid;gap:4px}
.field .hint,.field .error{margin:0}
.field input[aria-invalid=true],.field select[aria-invalid=true]{border-color:var(--error)}
.banks{border:0;margin:0;padding:0;min-width:0;display:grid;gap:8px}
.banks legend{font-weight:600;padding:0;margin:0 0 4px}
.bank{display:flex;gap:12px;align-items:center;font-weight:400;border:1px solid var(--line);border-radius:8px;padding:10px 12px;min-height:44px;cursor:pointer}
.bank input{width:20px;height:20px;min-height:0;padding:0;margin:0;flex:none;accent-color:var(--accent)}
.bank:has(input:checked){border-color:var(--link);box-shadow:inset 0 0 0 1px var(--link)}
.error-summary{border:2px solid var(--error);border-radius:8px;padding:10px 12px;margin:0 0 16px}
.error-summary p{margin:0 0 4px;font-weight:700}
.error-summary ul{margin:0;padding-left:20px}
.error-summary a{color:var(--error)}
`;

/** The hosted pages' style sheet: one same-origin file, so the pages' content security policy allows no inline CSS. */
export async function hostedStyleRoute(app: FastifyInstance): Promise<void> {
  app.get('/hosted/page.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(css),
  );
}
