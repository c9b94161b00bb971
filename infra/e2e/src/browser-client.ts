import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { answerRead, newSessionId, requestToSend, TestClient, type RequestOptions } from '@innerecho/embedded';

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
    const { headers, body } = requestToSend(this.baseUrl, method, options);
    const data = typeof body === 'string' || body === undefined ? body : Buffer.from(body);
    // No time limit of its own (a render takes as long as it takes; the test has one), and redirects answered, not followed.
    const res = await this.profile.fetch(this.baseUrl + path, { method, headers, data, maxRedirects: 0, timeout: 0 });
    const answered = new Headers(res.headersArray().map(({ name, value }): [string, string] => [name, value]));
    return answerRead(res.status(), answered, Buffer.from(await res.body()));
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
  page.evaluate((made) => {
    let id = localStorage.getItem('sessionId');
    if (!id) localStorage.setItem('sessionId', (id = made));
    return id;
  }, newSessionId());

/** The sessionId the app keeps in this browser (it makes one on the pages that need it). */
export async function storedSessionId(page: Page): Promise<string> {
  const id = await page.evaluate(() => localStorage.getItem('sessionId'));
  if (!id) throw new Error('This browser holds no sessionId yet');
  return id;
}
