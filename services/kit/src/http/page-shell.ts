import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { STATUS_CODES } from 'node:http';
import { Router, type Response } from 'express';
// The colour tokens the web app's design system uses too: one source for both.
import { paletteDeclarations } from '@innerecho/design-tokens';
import { sendRefusal, wantsJsonAnswer, type Refusal } from './form-posts';

/**
 * The one page shell of the few pages services render themselves (identity's sign-in and
 * account pages, billing's demo checkout and portal): the app's colours (the colour
 * tokens of @innerecho/design-tokens, both themes), its fonts, its brand mark, and a Content-Security-Policy
 * that runs only this response's own script and style (a fresh nonce per response).
 */

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Self-hosted from npm, as in the web app: Fraunces for headings, Inter for text (Latin).
 * Each is served under a name carrying a hash of its bytes, so it can be cached for good.
 */
const FONTS = [
  { family: 'Fraunces Variable', module: '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2', name: 'fraunces' },
  { family: 'Inter Variable', module: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2', name: 'inter' },
].map((font) => {
  const bytes = readFileSync(createRequire(__filename).resolve(font.module));
  return { family: font.family, bytes, file: `${font.name}-${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}.woff2` };
});

/** The same mark as the web app's tab icon, inline so the page asks for no /favicon.ico. */
const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='9' fill='%23201b2c'/%3E%3Cpath d='M9 19v-6M13 22V10M17 20v-8M21 23V9M25 18v-4' stroke='%23f2b880' stroke-width='2.4' stroke-linecap='round'/%3E%3C/svg%3E";

const BRAND_MARK = `<svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><defs><linearGradient id="brand-gradient" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="var(--ie-accent)"/><stop offset="1" stop-color="var(--ie-primary)"/></linearGradient></defs><rect width="32" height="32" rx="10" fill="url(#brand-gradient)" opacity=".2"/><path d="M8 18v-4M12 21V11M16 23V9M20 20v-8M24 17v-2" stroke="url(#brand-gradient)" stroke-width="2.4" stroke-linecap="round" fill="none"/></svg>`;

/** Same key and default as the web app: the stored theme is on <html> before the first paint. */
const THEME_SCRIPT =
  "try{var t=localStorage.getItem('theme');if(t==='light'||t==='dark'){document.documentElement.dataset.theme=t;document.documentElement.style.colorScheme=t}}catch(e){}";

/** Where the gateway serves `pageAssets()`, for every service's pages. */
export const PAGE_ASSETS_PATH = '/page-assets';

const PAGE_CSS = `
${FONTS.map(
  (font) =>
    `@font-face{font-family:'${font.family}';font-style:normal;font-display:swap;font-weight:100 900;src:url(${PAGE_ASSETS_PATH}/${font.file}) format('woff2-variations')}`,
).join('\n')}
:root{${paletteDeclarations('dark')}color-scheme:dark}
:root[data-theme=light]{${paletteDeclarations('light')}color-scheme:light}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px 16px;font:16px/1.6 'Inter Variable',system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:var(--ie-text);background-color:var(--ie-background);background-image:radial-gradient(60rem 40rem at 12% -10%,var(--ie-background-glow-a),transparent 60%),radial-gradient(50rem 36rem at 100% 0%,var(--ie-background-glow-b),transparent 60%);background-repeat:no-repeat;-webkit-font-smoothing:antialiased}
main{width:100%;max-width:440px}
h1,h2{font-family:'Fraunces Variable','Iowan Old Style','Palatino Linotype',Georgia,serif;font-weight:560;line-height:1.15;letter-spacing:-.01em;margin:0}
h1{font-size:1.75rem;margin-bottom:6px}
h2{font-size:1.2rem;margin:28px 0 4px}
p{margin:0}
a{color:inherit}
:focus-visible{outline:2px solid var(--ie-focus-ring);outline-offset:2px}
.brand{display:flex;align-items:center;justify-content:center;gap:10px;margin-bottom:20px;color:var(--ie-text);text-decoration:none;font:600 21px 'Fraunces Variable',Georgia,serif;letter-spacing:-.01em}
.card{background:var(--ie-surface-raised);border:1px solid var(--ie-border);border-radius:18px;padding:clamp(20px,6vw,32px);box-shadow:var(--ie-shadow)}
.lead{color:var(--ie-text-muted);margin:0 0 20px}
.muted{color:var(--ie-text-muted);font-size:.9rem}
label{display:block;font-weight:600;font-size:.9rem;margin:16px 0 6px}
input[type=email],input[type=password],input[type=text]{width:100%;padding:10px 14px;border-radius:12px;border:1px solid var(--ie-border-strong);background:var(--ie-surface-sunken);color:var(--ie-text);font:inherit}
input:focus{outline:none;border-color:var(--ie-focus-ring);box-shadow:0 0 0 3px var(--ie-primary-soft)}
.hint{color:var(--ie-text-subtle);font-size:.85rem;margin-top:6px}
.check{display:flex;gap:10px;align-items:flex-start;font-weight:400;font-size:.92rem;color:var(--ie-text-muted)}
.check input{margin-top:4px;accent-color:var(--ie-primary);width:18px;height:18px}
.button{display:flex;align-items:center;justify-content:center;gap:8px;width:100%;min-height:48px;margin-top:24px;padding:0 20px;border:1px solid transparent;border-radius:999px;background:var(--ie-primary);color:var(--ie-primary-text);font:600 1rem 'Inter Variable',system-ui,sans-serif;text-decoration:none;cursor:pointer}
.button:hover{background:var(--ie-primary-hover)}
.button:focus-visible{outline:2px solid var(--ie-focus-ring);outline-offset:3px}
.button.outline{background:transparent;color:var(--ie-text);border-color:var(--ie-border-strong);margin-top:12px}
.button.outline:hover{background:var(--ie-surface-sunken)}
.button.danger{background:var(--ie-danger);color:var(--ie-danger-text)}
.alert{padding:10px 14px;border-radius:12px;margin:8px 0;border:1px solid}
.alert.error{background:var(--ie-danger-soft);color:var(--ie-danger);border-color:var(--ie-danger)}
.alert.success{background:var(--ie-success-soft);color:var(--ie-success);border-color:var(--ie-success)}
.alert a{font-weight:600}
.note{background:var(--ie-accent-soft);border:1px dashed var(--ie-accent);border-radius:14px;padding:12px 14px;margin-bottom:24px;font-size:.92rem}
.note strong{display:block;color:var(--ie-accent);margin-bottom:2px}
.summary{display:grid;gap:6px;border:1px solid var(--ie-border);border-radius:14px;padding:16px;margin:16px 0 8px}
.row{display:flex;justify-content:space-between;gap:12px}
.row>span:first-child{color:var(--ie-text-muted);white-space:nowrap}
.row>span:last-child{text-align:right;overflow-wrap:anywhere}
.big{font:600 1.3rem 'Fraunces Variable',Georgia,serif}
.ok{color:var(--ie-success);font-weight:600}
.ending{color:var(--ie-primary);font-weight:600}
.switch{text-align:center;margin-top:20px;color:var(--ie-text-muted)}
.switch a,.link{color:var(--ie-primary);font-weight:600}
.section{border-top:1px solid var(--ie-border);margin-top:28px;padding-top:4px}
.footer{text-align:center;margin-top:20px;font-size:.9rem;color:var(--ie-text-muted)}
`;

/** The policy of these pages: nothing runs or loads but this response's own script and style and this site's fonts. */
export const pageContentSecurityPolicy = (nonce: string) =>
  [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

export interface PageOptions {
  /** The tab title, before " · InnerEcho". */
  title: string;
  /** The card's HTML; every value in it already escaped. */
  body: string;
  /** HTML below the card (links back). */
  footer?: string;
  status?: number;
  /**
   * The page's address holds a secret (a one-time link's token): requests from the page name
   * only this site's origin as their referrer, never the path and query, to other sites and
   * this one alike. Not `no-referrer`: under it the browser sends `Origin: null` with the
   * page's own form post, which every same-origin check rightly refuses.
   */
  secretInAddress?: boolean;
  /**
   * What a refusal page says to a caller that asked for JSON instead (`wantsJsonAnswer`):
   * the same refusal as `{ error, code }`. Without it, a page of status 400 or more answers
   * such a caller with its title and the status's name.
   */
  refusal?: { error: string; code: string };
}

/** The fonts of these pages, cached for good (their names change with their bytes). */
export function pageAssets(): Router {
  const router = Router();
  const files = new Map(FONTS.map((font) => [font.file, font.bytes]));
  router.get('/:file', (req, res) => {
    const bytes = files.get(req.params.file);
    if (!bytes) {
      res.status(404).type('text').send('Not found');
      return;
    }
    res.setHeader('content-type', 'font/woff2');
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    res.end(bytes);
  });
  return router;
}

/**
 * The form of a one-time link's page where someone chooses their password: the link's token
 * goes back hidden with the password typed twice, posted to `action` (which checks the two
 * are the same, and the rules of a password).
 */
export function choosePasswordForm(action: string, token: string): string {
  return `<form method="post" action="${escapeHtml(action)}" novalidate>
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="8" maxlength="200">
<div class="hint">At least 8 characters.</div>
<label for="confirm">Repeat the password</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required minlength="8" maxlength="200">
<button class="button" type="submit">Save password</button>
</form>`;
}

/** Sends a page with a fresh nonce, its CSP and no caching (these pages carry forms and personal data). */
export function sendPage(res: Response, page: PageOptions): void {
  const status = page.status ?? 200;
  if (status >= 400 && wantsJsonAnswer(res.req)) {
    sendRefusal(res, status, page.refusal ?? { error: page.title, code: refusalCodeOf(status) });
    return;
  }
  const nonce = randomBytes(16).toString('base64');
  if (page.secretInAddress) res.setHeader('referrer-policy', 'strict-origin');
  res
    .status(status)
    .setHeader('content-security-policy', pageContentSecurityPolicy(nonce))
    .setHeader('cache-control', 'no-store')
    .type('html').send(`<!doctype html>
<html lang="en" data-theme="dark">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="dark light">
<link rel="icon" href="${ICON}">
<title>${escapeHtml(page.title)} · InnerEcho</title>
<script nonce="${nonce}">${THEME_SCRIPT}</script>
<style nonce="${nonce}">${PAGE_CSS}</style>
</head>
<body>
<main>
<a class="brand" href="/">${BRAND_MARK}InnerEcho</a>
<div class="card">
${page.body}
</div>
${page.footer ?? ''}
</main>
</body>
</html>`);
}

/** `GONE` for 410, `TOO_MANY_REQUESTS` for 429: the status's own name as a stable code. */
const refusalCodeOf = (status: number) => (STATUS_CODES[status] ?? 'ERROR').toUpperCase().replace(/[^A-Z]+/g, '_');

/** A refusal as a page in the app's look, for a browser navigating: the message and a way back. */
export function sendRefusalPage(res: Response, status: number, refusal: Refusal): void {
  const title = status === 429 ? 'Please wait' : 'Something went wrong';
  sendPage(res, {
    status,
    refusal,
    title,
    body: `<h1>${status === 429 ? 'Please wait' : 'Sorry'}</h1>
<div class="alert error" role="alert">${escapeHtml(refusal.error)}</div>
<a class="button outline" href="/">Back to InnerEcho</a>`,
  });
}
