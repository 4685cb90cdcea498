/**
 * Security phrases API (spec §3 Security phrase, §4 expiry rule, §7 commonphrase, §8 phrase errors
 * in the server's description; docs/API.md "Security phrases"): organisation admins manage their
 * organisation's phrases only; the monitoring roles 5 and 8 read the current ones of organisations
 * their offices monitor, never an expired one; a phrase without expiry gets now + 7 days when
 * edited; bad input answers 400 with the catalogue text and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SecurityPhrase } from '@vigil/contract';
import { rows } from '../src/db/client.js';
import { expiryOnEdit } from '../src/modules/security-phrases/security-phrases.service.js';
import { ApiClient, DB_KINDS, startTestServer, type TestServer } from './helpers.js';

const PATH = '/api/client/commonphrase';
type Answer = { phrases: SecurityPhrase[] };

describe('expiryOnEdit (spec §4)', () => {
  const now = new Date('2026-03-01T10:00:00Z');
  it('gives a phrase without expiry now + 7 days, keeps an existing or requested one', () => {
    expect(expiryOnEdit(null, undefined, now).toISOString()).toBe('2026-03-08T10:00:00.000Z');
    expect(expiryOnEdit(null, null, now).toISOString()).toBe('2026-03-08T10:00:00.000Z');
    const later = new Date('2026-05-01T00:00:00Z');
    expect(expiryOnEdit(later, undefined, now)).toBe(later);
    const asked = new Date('2026-04-01T00:00:00Z');
    expect(expiryOnEdit(later, asked, now)).toBe(asked);
  });
});

describe.each(DB_KINDS)('security phrases on %s', (kind) => {
  let server: TestServer;
  let admin: ApiClient;
  let usAdmin: ApiClient;
  let operator: ApiClient;
  let officer: ApiClient;
  let manager: ApiClient;
  let alOrg: number;
  let usOrg: number;
  const count = async () =>
    Number((await rows<{ n: number }>(server.database.db, sql`select count(*)::int as n from security_phrases`))[0]!.n);

  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_MAX: '1000' });
    const login = async (email: string) => {
      const c = new ApiClient(server.baseUrl);
      await c.login(email);
      return c;
    };
    admin = await login('orgadmin@example.com');
    usAdmin = await login('us-orgadmin@example.com');
    operator = await login('operator@example.com');
    officer = await login('officer@example.com');
    manager = await login('manager@example.com');
    const orgOf = async (email: string) =>
      (await rows<{ id: number }>(server.database.db, sql`select organization_id as id from users where email = ${email}`))[0]!.id;
    alOrg = await orgOf('orgadmin@example.com');
    usOrg = await orgOf('us-orgadmin@example.com');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('an organisation admin adds phrases; the operator reads only current ones; an edit without expiry sets 7 days', async () => {
    const add = await admin.post<Answer>(PATH, { case: 'ADD-PHRASE', Phrase: 'Blue heron at dawn', IsDuress: false });
    expect(add.status).toBe(200);
    expect(add.json.description).toBe('Security phrase added');
    const p = add.json.body!.phrases[0]!;
    expect(p).toMatchObject({
      Phrase: 'Blue heron at dawn',
      IsDuress: false,
      Expires: null,
      CanBeEdited: true,
      IsExpired: false,
      OrganizationId: alOrg,
    });
    expect(p.CreatedBy).toBeTruthy();

    const duress = await admin.post<Answer>(PATH, {
      case: 'ADD-PHRASE',
      Phrase: 'Grey stones in the rain',
      IsDuress: true,
      Expires: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(duress.status).toBe(200);
    const d = duress.json.body!.phrases[0]!;
    // This one expires: move its expiry into the past, as time would.
    const gone = await admin.post<Answer>(PATH, { case: 'ADD-PHRASE', Phrase: 'Old lighthouse keeper', IsDuress: false });
    const goneId = gone.json.body!.phrases[0]!.Id;
    await server.database.db.execute(sql`update security_phrases set expires_at = now() - interval '1 minute' where id = ${goneId}`);

    const seen = await operator.post<Answer>(PATH, { case: 'GET-ALL-PHRASES', organizationId: alOrg });
    expect(seen.status).toBe(200);
    const texts = seen.json.body!.phrases.map((x) => x.Phrase);
    expect(texts).toContain('Blue heron at dawn');
    expect(texts).toContain('Grey stones in the rain');
    expect(texts).not.toContain('Old lighthouse keeper');
    expect(seen.json.body!.phrases.every((x) => !x.IsExpired && !x.CanBeEdited)).toBe(true);
    expect(seen.json.body!.phrases.find((x) => x.Id === d.Id)!.IsDuress).toBe(true);
    // One expired phrase by id: 404 for the operator; the admin sees it flagged and not editable.
    expect((await operator.post(PATH, { case: 'GET-PHRASE', phraseId: goneId })).status).toBe(404);
    const hist = await admin.post<Answer>(PATH, { case: 'GET-PHRASE-FOR-UPDATE', phraseId: goneId });
    expect(hist.json.body!.phrases[0]).toMatchObject({ IsExpired: true, CanBeEdited: false });
    const all = await admin.post<Answer>(PATH, { case: 'GET-ALL-PHRASES' });
    expect(all.json.body!.phrases.map((x) => x.Id)).toContain(goneId);
    const edit = await admin.post(PATH, {
      case: 'UPDATE-MULTIPLE-PHRASES',
      phrases: [{ Id: goneId, Phrase: 'New keeper', IsDuress: false }],
    });
    expect(edit.status).toBe(400);
    expect(edit.json.description).toBe('This security phrase has expired and can no longer be edited. Add a new one');

    // Spec §4: no expiry → 7 days when edited; an existing expiry is kept.
    const before = Date.now();
    const upd = await admin.post<Answer>(PATH, {
      case: 'UPDATE-MULTIPLE-PHRASES',
      phrases: [
        { Id: p.Id, Phrase: 'Blue heron at dusk', IsDuress: false },
        { Id: d.Id, Phrase: 'Grey stones in the rain', IsDuress: true },
      ],
    });
    expect(upd.status).toBe(200);
    const u1 = upd.json.body!.phrases.find((x) => x.Id === p.Id)!;
    expect(u1.Phrase).toBe('Blue heron at dusk');
    const sevenDays = 7 * 86_400_000;
    expect(Date.parse(u1.Expires!)).toBeGreaterThanOrEqual(before + sevenDays - 1000);
    expect(Date.parse(u1.Expires!)).toBeLessThanOrEqual(Date.now() + sevenDays + 1000);
    expect(upd.json.body!.phrases.find((x) => x.Id === d.Id)!.Expires).toBe(d.Expires);
    const audit = await rows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from audit_log where entity = 'security_phrases' and action = 'update-security-phrase'`,
    );
    expect(Number(audit[0]!.n)).toBe(2);
    // The officer reads one by id.
    const one = await officer.post<Answer>(PATH, { case: 'GET-PHRASE', phraseId: p.Id });
    expect(one.json.body!.phrases[0]!.Phrase).toBe('Blue heron at dusk');
  });

  it('keeps every organisation to its own phrases', async () => {
    const us = await usAdmin.post<Answer>(PATH, { case: 'ADD-PHRASE', Phrase: 'Liberty bell rings twice', IsDuress: false });
    expect(us.status).toBe(200);
    const usId = us.json.body!.phrases[0]!.Id;
    const al = await admin.post<Answer>(PATH, { case: 'GET-ALL-PHRASES' });
    expect(al.json.body!.phrases.map((x) => x.OrganizationId).every((o) => o === alOrg)).toBe(true);
    const n = await count();
    // Another organisation's phrase: not readable, not editable, and it cannot be named.
    expect((await admin.post(PATH, { case: 'GET-PHRASE', phraseId: usId })).status).toBe(404);
    expect((await admin.post(PATH, { case: 'GET-PHRASE-FOR-UPDATE', phraseId: usId })).status).toBe(404);
    const steal = await admin.post(PATH, {
      case: 'UPDATE-MULTIPLE-PHRASES',
      phrases: [{ Id: usId, Phrase: 'stolen phrase', IsDuress: false }],
    });
    expect(steal.status).toBe(404);
    expect((await admin.post(PATH, { case: 'GET-ALL-PHRASES', organizationId: usOrg })).status).toBe(403);
    expect((await admin.post(PATH, { case: 'ADD-PHRASE', organizationId: usOrg, Phrase: 'planted phrase', IsDuress: false })).status).toBe(
      403,
    );
    // Readers cannot write; roles without phrases get 403.
    expect((await operator.post(PATH, { case: 'ADD-PHRASE', Phrase: 'operator phrase', IsDuress: false })).status).toBe(403);
    expect((await operator.post(PATH, { case: 'GET-PHRASE-FOR-UPDATE', phraseId: usId })).status).toBe(403);
    expect((await manager.post(PATH, { case: 'GET-ALL-PHRASES', organizationId: alOrg })).status).toBe(403);
    expect((await manager.post(PATH, { case: 'GET-PHRASE', phraseId: usId })).status).toBe(403);
    // The operator needs the organisation, and only one its office monitors.
    const noOrg = await operator.post(PATH, { case: 'GET-ALL-PHRASES' });
    expect(noOrg.status).toBe(400);
    await server.database.db.execute(sql`delete from organization_security_offices where organization_id = ${usOrg}`);
    expect((await operator.post(PATH, { case: 'GET-ALL-PHRASES', organizationId: usOrg })).status).toBe(403);
    expect((await operator.post(PATH, { case: 'GET-PHRASE', phraseId: usId })).status).toBe(404);
    expect(await count()).toBe(n);
    const still = await rows<{ phrase: string }>(server.database.db, sql`select phrase from security_phrases where id = ${usId}`);
    expect(still[0]!.phrase).toBe('Liberty bell rings twice');
  });

  it('refuses bad input with the catalogue texts and changes nothing', async () => {
    const n = await count();
    const cases: [unknown, string][] = [
      [{ case: 'ADD-PHRASE', Phrase: '', IsDuress: false }, 'This field is required'],
      [{ case: 'ADD-PHRASE', Phrase: 'ab', IsDuress: false }, 'A security phrase must be at least 3 characters long'],
      [{ case: 'ADD-PHRASE', Phrase: 'x'.repeat(201), IsDuress: false }, 'A security phrase must be 200 characters or less'],
      [{ case: 'ADD-PHRASE', Phrase: 'fine phrase', IsDuress: false, Expires: 'tomorrow' }, 'The expiry must be a date and time'],
      [{ case: 'ADD-PHRASE', Phrase: 'fine phrase', IsDuress: false, Expires: '2020-01-01T00:00:00Z' }, 'The expiry must be in the future'],
      [{ case: 'UPDATE-MULTIPLE-PHRASES', phrases: [] }, 'This field is required'],
    ];
    for (const [body, text] of cases) {
      const res = await admin.post(PATH, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.description).toBe(text);
    }
    await admin.post(PATH, { case: 'ADD-PHRASE', Phrase: 'Twin oaks by the river', IsDuress: false });
    const dup = await admin.post(PATH, { case: 'ADD-PHRASE', Phrase: 'TWIN OAKS BY THE RIVER', IsDuress: true });
    expect(dup.status).toBe(400);
    expect(dup.json.description).toBe('This security phrase is already in use');
    const sq = new ApiClient(server.baseUrl, 'sq');
    await sq.login('orgadmin@example.com');
    const dupSq = await sq.post(PATH, { case: 'ADD-PHRASE', Phrase: 'Twin oaks by the river', IsDuress: true });
    expect(dupSq.json.description).toBe('Kjo frazë sigurie është tashmë në përdorim');
    // A locked expiry cannot be moved; the same id twice is refused; all or nothing.
    const locked = await admin.post<Answer>(PATH, {
      case: 'ADD-PHRASE',
      Phrase: 'Fixed term phrase',
      IsDuress: false,
      Expires: new Date(Date.now() + 86_400_000).toISOString(),
      ExpirationEditable: false,
    });
    const lockedId = locked.json.body!.phrases[0]!.Id;
    const move = await admin.post(PATH, {
      case: 'UPDATE-MULTIPLE-PHRASES',
      phrases: [
        { Id: lockedId, Phrase: 'Fixed term phrase', IsDuress: false, Expires: new Date(Date.now() + 9 * 86_400_000).toISOString() },
      ],
    });
    expect(move.status).toBe(400);
    expect(move.json.description).toBe('The expiry of this security phrase cannot be changed');
    const twice = await admin.post(PATH, {
      case: 'UPDATE-MULTIPLE-PHRASES',
      phrases: [
        { Id: lockedId, Phrase: 'renamed one', IsDuress: false },
        { Id: lockedId, Phrase: 'renamed two', IsDuress: false },
      ],
    });
    expect(twice.status).toBe(400);
    const [after] = await rows<{ phrase: string }>(server.database.db, sql`select phrase from security_phrases where id = ${lockedId}`);
    expect(after!.phrase).toBe('Fixed term phrase');
    expect(await count()).toBe(n + 2);
  });
});
