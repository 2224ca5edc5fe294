// A visitor talking to a running app over HTTP: keeps its cookies and sends the Origin header
// a browser sends with a form, so React Router's and Better Auth's origin checks pass.
export class Visitor {
  private cookies = new Map<string, string>();

  constructor(public baseUrl: string) {}

  /** The same visitor (its cookies) talking to another instance of the store. */
  at(baseUrl: string): Visitor {
    const other = new Visitor(baseUrl);
    other.cookies = new Map(this.cookies);
    return other;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async get(path: string, init: { timeoutMs?: number } = {}): Promise<Response> {
    return this.send(path, { method: 'GET' }, init.timeoutMs);
  }

  /** A GET with extra headers (If-None-Match, a cookie of its own). */
  async getWith(path: string, headers: Record<string, string>): Promise<Response> {
    return this.send(path, { method: 'GET', headers });
  }

  /** A form post, as the browser sends it without JavaScript. */
  async post(path: string, form: Record<string, string>, init: { timeoutMs?: number } = {}): Promise<Response> {
    return this.send(
      path,
      { method: 'POST', body: new URLSearchParams(form), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: this.baseUrl } },
      init.timeoutMs,
    );
  }

  private async send(path: string, init: RequestInit, timeoutMs = 30_000): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [headers.get('cookie'), this.cookieHeader()].filter(Boolean).join('; '));
    const response = await fetch(new URL(path, this.baseUrl), { ...init, headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Signs in through the login form; throws unless the store redirects with a session cookie. */
  async signIn(email: string, password: string): Promise<void> {
    const response = await this.post('/login', { intent: 'login', email, password });
    await response.arrayBuffer();
    if (response.status !== 302 || ![...this.cookies.keys()].some((k) => k.includes('session_token'))) {
      throw new Error(`Login de ${email} falhou em ${this.baseUrl}: HTTP ${response.status}`);
    }
  }
}
