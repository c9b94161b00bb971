import { createHash } from 'node:crypto';
import type { Express } from 'express';
import { ACCESS, openApiDocument, openApiPath, PUBLIC_ENDPOINTS, type Endpoint } from '@innerecho/contracts';

/**
 * The API for the teams that build on it, made from the endpoint declarations: the OpenAPI 3.1
 * document at /api/openapi.json and a readable reference at /api/docs (plain HTML with one
 * inline style allowed by its hash, no script, so it keeps the API's strict policy).
 */
export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:70rem;padding:0 1rem;color:#1d1b26}
h2{margin-top:2.5rem;border-bottom:1px solid #ddd}code,pre{font:13px/1.4 ui-monospace,monospace}
table{border-collapse:collapse;width:100%}td,th{text-align:left;vertical-align:top;padding:.35rem .5rem;border-bottom:1px solid #eee}
.m{font-weight:700}details{margin:.2rem 0}pre{background:#f6f5fa;padding:.6rem;overflow:auto;max-height:24rem}`;

function operationRow(endpoint: Endpoint, document: ReturnType<typeof openApiDocument>): string {
  const operation = document.paths[openApiPath(endpoint.path)][endpoint.method.toLowerCase()];
  const { fields } = endpoint;
  const answers = Object.entries(fields.answers)
    .map(([status, answer]) => `${status} ${escapeHtml(answer.description)}`)
    .join('<br>');
  return `<tr id="${escapeHtml(endpoint.id.replace(/\W+/g, '-'))}"><td class="m">${endpoint.method}</td><td><code>${escapeHtml(endpoint.path)}</code>
<div>${escapeHtml(fields.summary)}</div>
<details><summary>Parameters, body and answers</summary><pre>${escapeHtml(
    JSON.stringify(
      { parameters: (operation as any).parameters, requestBody: (operation as any).requestBody, responses: (operation as any).responses },
      null,
      2,
    ),
  )}</pre></details></td><td>${escapeHtml(ACCESS[fields.access])}${fields.signIn ? `<br>Limited like sign-in (${fields.signIn})` : ''}</td><td>${answers}</td></tr>`;
}

export function apiReferencePage(): string {
  const document = openApiDocument(PUBLIC_ENDPOINTS);
  const services = [...new Set(PUBLIC_ENDPOINTS.map((endpoint) => endpoint.service))];
  const sections = services
    .map(
      (service) => `<h2 id="${service}">${service}</h2>
<table><thead><tr><th>Method</th><th>Path</th><th>Who may call it</th><th>Answers</th></tr></thead><tbody>
${PUBLIC_ENDPOINTS.filter((endpoint) => endpoint.service === service)
  .map((endpoint) => operationRow(endpoint, document))
  .join('\n')}
</tbody></table>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>InnerEcho API reference</title><style>${STYLE}</style></head>
<body><h1>InnerEcho API reference</h1>
<p>${escapeHtml(document.info.description)} The machine-readable form: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a> (OpenAPI 3.1).</p>
<p>${services.map((service) => `<a href="#${service}">${service}</a>`).join(' · ')}</p>
${sections}
</body></html>`;
}

/** Serves both, made once. */
export function serveApiReference(app: Express) {
  const document = JSON.stringify(openApiDocument(PUBLIC_ENDPOINTS));
  const page = apiReferencePage();
  const styleHash = createHash('sha256').update(STYLE, 'utf8').digest('base64');
  app.get(OPENAPI_PATH, (_req, res) => {
    res.setHeader('cache-control', 'no-cache');
    res.type('application/json').send(document);
  });
  app.get(API_DOCS_PATH, (_req, res) => {
    res.setHeader('cache-control', 'no-cache');
    res.setHeader('content-security-policy', `default-src 'none'; style-src 'sha256-${styleHash}'; frame-ancestors 'none'`);
    res.type('html').send(page);
  });
}
