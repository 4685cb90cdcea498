/**
 * HTTP clients the simulator uses, exactly like the real apps: the console API (cookie session and
 * CSRF header) to discover branches and staff, and the mobile API (bearer token) for everything a
 * phone does.
 */

/** A console session (spec §7): CSRF token, then login; cookies kept by hand. */
export class ConsoleClient {
  private cookies = new Map<string, string>();
  private csrf = '';
  constructor(private readonly base: string) {}

  private keep(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const t = res.headers.get('x-xsrf-token');
    if (t) this.csrf = t;
  }

  async post<T>(path: string, body: unknown): Promise<T> {
    const res = await fetch(this.base + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-xsrf-token': this.csrf,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: JSON.stringify(body),
    });
    this.keep(res);
    const json = (await res.json()) as { success: boolean; body: T; description?: string };
    if (!res.ok) throw new Error(`${path}: ${res.status} ${json.description ?? ''}`);
    return json.body;
  }

  async login(email: string, password: string) {
    this.keep(await fetch(this.base + '/security/csrf-token'));
    await this.post('/api/client/login', { username: email, password, sessiontype: 'WEB' });
  }
}

export interface MobileBranch {
  BranchOfficeId: number;
  Name: string;
  Latitude: number | null;
  Longitude: number | null;
  GeofenceRadius: number;
  /** IANA zone of the branch (mobile login `Branches`). */
  BranchTimeZone?: string;
}

/** A signed-in mobile user. */
export class MobileClient {
  token = '';
  userId = 0;
  branches: MobileBranch[] = [];
  constructor(
    private readonly base: string,
    readonly email: string,
  ) {}

  async login(password: string) {
    const res = await fetch(this.base + '/api/mobile/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: this.email, password, appVersion: 'simulator' }),
    });
    const json = (await res.json()) as { body: { Token: string; UserId: number; Branches: MobileBranch[] }; description?: string };
    if (!res.ok) throw new Error(`mobile login ${this.email}: ${res.status} ${json.description ?? ''}`);
    this.token = json.body.Token;
    this.userId = json.body.UserId;
    this.branches = json.body.Branches;
  }

  /** POST /api/mobile/<path>; answers status and body (never throws on 4xx: the simulator logs and goes on). */
  async call<T = Record<string, unknown>>(path: string, body: unknown): Promise<{ status: number; body?: T; description?: string }> {
    const res = await fetch(`${this.base}/api/mobile/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { body?: T; description?: string };
    return { status: res.status, body: json.body, description: json.description };
  }

  /** GET /api/mobile/<path> (e.g. surveys); answers status and body. */
  async get<T = Record<string, unknown>>(path: string): Promise<{ status: number; body?: T; description?: string }> {
    const res = await fetch(`${this.base}/api/mobile/${path}`, { headers: { authorization: `Bearer ${this.token}` } });
    const json = (await res.json()) as { body?: T; description?: string };
    return { status: res.status, body: json.body, description: json.description };
  }
}
