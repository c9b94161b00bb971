/** The built-in sign-in page, served when no OpenID provider is configured. */

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface LoginPageOptions {
  mode: 'signin' | 'signup';
  returnTo: string;
  error?: string;
  email?: string;
  name?: string;
}

export function renderLoginPage(options: LoginPageOptions): string {
  const signup = options.mode === 'signup';
  const returnTo = escapeHtml(options.returnTo);
  const q = `?returnTo=${encodeURIComponent(options.returnTo)}`;
  return renderAuthPage({
    pageTitle: signup ? 'Create account' : 'Sign in',
    heading: signup ? 'Create your account' : 'Welcome back',
    lead: signup ? 'Start hearing affirmations in your own voice.' : 'Sign in to continue to your affirmations.',
    error: options.error,
    content: `<form method="post" action="${signup ? '/api/signup' : '/api/login'}" novalidate>
<input type="hidden" name="returnTo" value="${returnTo}">
${signup ? `<label for="name">Name</label><input id="name" name="name" autocomplete="name" maxlength="80" value="${escapeHtml(options.name ?? '')}">` : ''}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(options.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="${signup ? 'new-password' : 'current-password'}" required minlength="${signup ? 8 : 1}">
${signup ? '<div class="hint">At least 8 characters.</div>' : ''}
<button type="submit">${signup ? 'Create account' : 'Sign in'}</button>
</form>
<p class="switch">${signup ? `Already have an account? <a href="/api/login${q}">Sign in</a>` : `New to InnerEcho? <a href="/api/login${q}&amp;mode=signup">Create an account</a>`}</p>`,
  });
}

export interface AuthPageOptions {
  pageTitle: string;
  heading: string;
  lead: string;
  error?: string;
  /** Trusted HTML: the form. */
  content: string;
}

/** The frame of identity's own pages (sign-in, the first admin's password): brand, card, theme. */
export function renderAuthPage(options: AuthPageOptions): string {
  return `<!doctype html>
<html lang="en" data-theme="dark">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(options.pageTitle)} · InnerEcho</title>
<script>try{var t=localStorage.getItem('theme');if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch(e){}</script>
<style>
/* Colours mirror the design system's tokens (frontends/ui/src/theme/tokens.ts). */
:root{--bg:#0f0d16;--card:#1e1a29;--text:#f5efe8;--muted:#b9afc4;--border:#2b2638;--accent:#f2b880;--accent-text:#1c1420;--violet:#c4b1ff;--danger:#ff8f85;--field:#13111b;--glow-a:rgba(196,177,255,.16);--glow-b:rgba(242,184,128,.12)}
[data-theme=light]{--bg:#fbf7f1;--card:#ffffff;--text:#241c2c;--muted:#5c5166;--border:#e8ddd0;--accent:#a3481f;--accent-text:#fff;--violet:#6b4fb0;--danger:#b3261e;--field:#fffdf9;--glow-a:rgba(107,79,176,.10);--glow-b:rgba(214,122,68,.12)}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--text);
background:radial-gradient(900px 500px at 0% -10%,var(--glow-a),transparent),radial-gradient(900px 500px at 100% 0%,var(--glow-b),transparent),var(--bg)}
main{width:100%;max-width:420px}
.brand{display:flex;align-items:center;justify-content:center;gap:10px;font:600 1.5rem Georgia,"Times New Roman",serif;color:var(--text);text-decoration:none;margin-bottom:20px;letter-spacing:-.01em}
.card{background:var(--card);border:1px solid var(--border);border-radius:20px;padding:32px;box-shadow:0 20px 50px rgba(0,0,0,.18)}
h1{font:600 1.6rem Georgia,"Times New Roman",serif;margin:0 0 6px}
p.lead{color:var(--muted);margin:0 0 24px}
label{display:block;font-weight:600;font-size:.9rem;margin:16px 0 6px}
input{width:100%;padding:12px 14px;border-radius:12px;border:1px solid var(--border);background:var(--field);color:var(--text);font:inherit}
input:focus{outline:2px solid var(--accent);outline-offset:1px}
button{margin-top:24px;width:100%;padding:13px;border:0;border-radius:999px;background:var(--accent);color:var(--accent-text);font:600 1rem system-ui,sans-serif;cursor:pointer}
button:focus-visible{outline:3px solid var(--text);outline-offset:2px}
.error{background:color-mix(in srgb,var(--danger) 14%,transparent);color:var(--danger);border:1px solid color-mix(in srgb,var(--danger) 40%,transparent);padding:10px 14px;border-radius:12px;margin-bottom:8px}
.switch{text-align:center;margin-top:20px;color:var(--muted)}
.switch a{color:var(--accent);font-weight:600}
.hint{color:var(--muted);font-size:.85rem;margin-top:6px}
</style>
</head>
<body>
<main>
<a class="brand" href="/"><svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="var(--violet)"/><stop offset="1" stop-color="var(--accent)"/></linearGradient></defs><rect width="32" height="32" rx="10" fill="url(#g)" opacity=".2"/><path d="M8 18v-4M12 21V11M16 23V9M20 20v-8M24 17v-2" stroke="url(#g)" stroke-width="2.4" stroke-linecap="round" fill="none"/></svg>InnerEcho</a>
<div class="card">
<h1>${escapeHtml(options.heading)}</h1>
<p class="lead">${escapeHtml(options.lead)}</p>
${options.error ? `<div class="error" role="alert">${escapeHtml(options.error)}</div>` : ''}
${options.content}
</div>
</main>
</body>
</html>`;
}
