/** The built-in sign-in page, served when no OpenID provider is configured. */

const escapeHtml = (value: string) =>
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
  const title = signup ? 'Create your account' : 'Welcome back';
  return `<!doctype html>
<html lang="en" data-theme="dark">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${signup ? 'Create account' : 'Sign in'} · InnerEcho</title>
<script>try{var t=localStorage.getItem('theme');if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch(e){}</script>
<style>
:root{--bg:#14111c;--card:#1e1a29;--text:#f3eee6;--muted:#b3aabb;--border:#342d44;--accent:#e8a87c;--accent-text:#1b1422;--danger:#ff8a80;--field:#16131f}
[data-theme=light]{--bg:#faf6f0;--card:#ffffff;--text:#2a2233;--muted:#6b6274;--border:#e6ddd2;--accent:#b8643a;--accent-text:#fff;--danger:#b3261e;--field:#fffdf9}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--text);
background:radial-gradient(1200px 600px at 10% -10%,color-mix(in srgb,var(--accent) 18%,transparent),transparent),var(--bg)}
main{width:100%;max-width:420px}
.brand{display:block;text-align:center;font:600 1.5rem Georgia,"Times New Roman",serif;color:var(--text);text-decoration:none;margin-bottom:20px;letter-spacing:.01em}
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
<a class="brand" href="/">InnerEcho</a>
<div class="card">
<h1>${title}</h1>
<p class="lead">${signup ? 'Start hearing affirmations in your own voice.' : 'Sign in to continue to your affirmations.'}</p>
${options.error ? `<div class="error" role="alert">${escapeHtml(options.error)}</div>` : ''}
<form method="post" action="${signup ? '/api/signup' : '/api/login'}" novalidate>
<input type="hidden" name="returnTo" value="${returnTo}">
${signup ? `<label for="name">Name</label><input id="name" name="name" autocomplete="name" maxlength="80" value="${escapeHtml(options.name ?? '')}">` : ''}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(options.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="${signup ? 'new-password' : 'current-password'}" required minlength="${signup ? 8 : 1}">
${signup ? '<div class="hint">At least 8 characters.</div>' : ''}
<button type="submit">${signup ? 'Create account' : 'Sign in'}</button>
</form>
<p class="switch">${signup ? `Already have an account? <a href="/api/login${q}">Sign in</a>` : `New to InnerEcho? <a href="/api/login${q}&amp;mode=signup">Create an account</a>`}</p>
</div>
</main>
</body>
</html>`;
}
