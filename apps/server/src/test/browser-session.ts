/**
 * A minimal browser for protocol tests: a cookie jar per host and manual redirects, so each hop of a
 * sign-in can be watched, replayed or tampered with.
 */
export class BrowserSession {
  readonly #jar = new Map<string, Map<string, string>>();

  cookieHeader(url: string): string {
    const cookies = this.#jar.get(new URL(url).host) ?? new Map<string, string>();
    return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  #store(url: string, response: Response): void {
    const host = new URL(url).host;
    const cookies = this.#jar.get(host) ?? new Map<string, string>();
    this.#jar.set(host, cookies);
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const expired = attributes.some(
        (a) => /max-age=0/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()),
      );
      if (expired) cookies.delete(name);
      else cookies.set(name, pair.slice(index + 1));
    }
  }

  /** One request, no redirect following. */
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.#store(url, response);
    return response;
  }

  /** Follows redirects until a page answers, or until `stopAt` matches the next location. */
  async follow(
    url: string,
    init: RequestInit = {},
    stopAt?: (location: string) => boolean,
  ): Promise<{ url: string; response: Response; body: string; stoppedAt?: string }> {
    let current = url;
    let currentInit = init;
    for (let hop = 0; hop < 20; hop++) {
      const response = await this.request(current, currentInit);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        const next = new URL(location, current).href;
        if (stopAt?.(next)) return { url: current, response, body: '', stoppedAt: next };
        current = next;
        currentInit = {};
        continue;
      }
      return { url: current, response, body: await response.text() };
    }
    throw new Error('Too many redirects');
  }

  /**
   * From the provider's authorization URL, signs in as `login` and consents on the local test provider's pages,
   * until it redirects back to Bops (a location `isCallback` accepts); returns that location.
   */
  async passProviderPages(
    authorizeUrl: string,
    login: string,
    isCallback: (location: string) => boolean,
  ): Promise<string> {
    let page = await this.follow(authorizeUrl, {}, isCallback);
    for (let step = 0; step < 3 && !page.stoppedAt; step++) {
      const action = /<form[^>]*action="([^"]+)"/.exec(page.body)?.[1];
      const prompt = /name="prompt" value="(\w+)"/.exec(page.body)?.[1];
      if (!action || !prompt) throw new Error(`unexpected provider page: ${page.body.slice(0, 200)}`);
      const form: Record<string, string> =
        prompt === 'login' ? { prompt, login, password: 'any' } : { prompt };
      page = await this.follow(
        new URL(action, page.url).href,
        {
          method: 'POST',
          body: new URLSearchParams(form),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        isCallback,
      );
    }
    if (!page.stoppedAt) throw new Error('the provider never redirected back to Bops');
    return page.stoppedAt;
  }
}
