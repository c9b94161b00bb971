import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { TestClient, type RequestOptions } from '@innerecho/embedded';

/**
 * The test client of one browser profile: calls by endpoint id (`api.call`, `api.send`, each
 * answer checked against its declaration) made with the profile's cookies, and the cookies
 * an answer sets kept by the profile, as if the page had made the call. What a journey
 * arranges or checks through the API as the person at this browser goes through it.
 */
export class BrowserClient extends TestClient {
  constructor(
    private readonly profile: APIRequestContext,
    siteUrl: string,
  ) {
    super(siteUrl);
  }

  override async request(method: string, path: string, options: RequestOptions = {}) {
    if (options.signal) throw new Error('A browser profile’s call cannot be ended by a signal: use a TestClient');
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    // A browser names the page's origin on every write.
    if (method !== 'GET' && method !== 'HEAD' && !Object.keys(headers).some((name) => name.toLowerCase() === 'origin'))
      headers.origin = new URL(this.baseUrl).origin;
    let data: string | Buffer | undefined =
      typeof options.body === 'string' || options.body === undefined ? options.body : Buffer.from(options.body);
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      data = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      data = new URLSearchParams(options.form).toString();
    }
    // No time limit of its own (a render takes as long as it takes; the test has one), and redirects answered, not followed.
    const res = await this.profile.fetch(this.baseUrl + path, { method, headers, data, maxRedirects: 0, timeout: 0 });
    const bytes = Buffer.from(await res.body());
    const text = new TextDecoder().decode(bytes);
    let parsed: any = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return {
      status: res.status(),
      headers: new Headers(res.headersArray().map(({ name, value }): [string, string] => [name, value])),
      text,
      bytes,
      data: parsed,
    };
  }
}

/**
 * The test client of the profile a page belongs to, on the site the page shows (or `siteUrl`,
 * for a profile with no page open on it yet).
 */
export function browserClient(owner: Page | BrowserContext, siteUrl?: string): BrowserClient {
  const isPage = 'context' in owner;
  const site = siteUrl ?? (isPage ? new URL(owner.url()).origin : undefined);
  if (!site || site === 'null') throw new Error('browserClient: the page shows no page of the site yet; name the site');
  return new BrowserClient(owner.request, site);
}

/** The browser's sessionId (what its saved affirmations are kept under), made as the app makes it when no page has yet. */
export const browserSessionId = (page: Page): Promise<string> =>
  page.evaluate(() => {
    let id = localStorage.getItem('sessionId');
    if (!id) localStorage.setItem('sessionId', (id = `session_${Date.now()}_${Math.random().toString(36).slice(2, 11)}`));
    return id;
  });

/** The sessionId the app keeps in this browser (it makes one on the pages that need it). */
export async function storedSessionId(page: Page): Promise<string> {
  const id = await page.evaluate(() => localStorage.getItem('sessionId'));
  if (!id) throw new Error('This browser holds no sessionId yet');
  return id;
}
