/**
 * Security phrases service (spec §3 Security phrase, §4 "a phrase with no expiry gets an expiry of
 * 7 days when edited", §7 commonphrase; docs/API.md "Security phrases"). Writes are audited; an
 * expired phrase is never presented as valid and cannot be edited.
 */
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { PHRASE_EDIT_EXPIRY_DAYS, PhraseKey, type AddPhraseRequest, type SecurityPhrase, type UpdatePhrasesRequest } from '@vigil/contract';
import { securityPhrases } from '../../db/schema/index.js';
import { assertCanManage, canManage, isChatUser, phraseOrganization, phraseScope } from '../../plugins/authorization.js';
import { AppError, badRequest, forbidden } from '../../plugins/errors.js';
import type { AuthContext } from '../../plugins/session.js';
import { writeAudit } from '../audit/audit.service.js';
import { presentPhrase } from './security-phrases.presenter.js';
import { currentPhraseExists, selectPhrases } from './security-phrases.repository.js';

const DAY_MS = 86_400_000;
const notFound = () => new AppError(404, PhraseKey.NotFound);

/** Who's asking, with the request's clock (tests and rules share one `now`). */
export interface PhraseActor {
  auth: AuthContext;
  ip?: string;
  now?: Date;
}

/**
 * The expiry a phrase gets when edited (spec §4): the requested one when given, else its current
 * one, else `now` + 7 days. Pure.
 */
export function expiryOnEdit(current: Date | null, requested: Date | null | undefined, now: Date): Date {
  return requested ?? current ?? new Date(now.getTime() + PHRASE_EDIT_EXPIRY_DAYS * DAY_MS);
}

/**
 * GET-ALL-PHRASES: admins get every phrase of the organisation (expired ones flagged IsExpired);
 * roles 5, 8 only the current ones. @throws 403 / 400 as phraseOrganization.
 */
export async function listPhrases(
  app: FastifyInstance,
  a: PhraseActor,
  organizationId: number | null | undefined,
): Promise<SecurityPhrase[]> {
  const now = a.now ?? new Date();
  const org = await phraseOrganization(app.db, a.auth, organizationId);
  const list = await selectPhrases(app.db, sql`p.organization_id = ${org.organizationId} and ${phraseScope(a.auth, now)}`);
  return list.map((r) => presentPhrase(r, now, org.manage));
}

/**
 * GET-PHRASE / GET-PHRASE-FOR-UPDATE: one phrase in the caller's scope (roles 5, 8: current only).
 * For update the caller must manage it (403 for other roles). @throws 404 phrases.errors.notFound.
 */
export async function getPhrase(app: FastifyInstance, a: PhraseActor, phraseId: number, forUpdate: boolean): Promise<SecurityPhrase> {
  const now = a.now ?? new Date();
  if (forUpdate) assertCanManage(a.auth);
  else if (!canManage(a.auth) && !isChatUser(a.auth)) throw forbidden();
  const [r] = await selectPhrases(app.db, sql`p.id = ${phraseId} and ${phraseScope(a.auth, now)}`);
  if (!r) throw notFound();
  return presentPhrase(r, now, canManage(a.auth));
}

function futureOrThrow(value: string | null | undefined, now: Date, field: string): Date | null | undefined {
  if (value == null) return value;
  const d = new Date(value);
  if (d.getTime() <= now.getTime()) throw badRequest(PhraseKey.ExpiresInPast, field);
  return d;
}

/**
 * ADD-PHRASE (admins 2, 12): a new phrase of the organisation, audited.
 * @throws 400 phrases.errors.duplicate (same text current), phrases.errors.expiresInPast.
 */
export async function addPhrase(app: FastifyInstance, a: PhraseActor, input: AddPhraseRequest): Promise<SecurityPhrase> {
  const now = a.now ?? new Date();
  assertCanManage(a.auth);
  const org = await phraseOrganization(app.db, a.auth, input.organizationId);
  const expires = futureOrThrow(input.Expires, now, 'Expires') ?? null;
  if (await currentPhraseExists(app.db, org.organizationId, input.Phrase, [], now)) throw badRequest(PhraseKey.Duplicate, 'Phrase');
  const id = await app.db.transaction(async (tx) => {
    const [p] = await tx
      .insert(securityPhrases)
      .values({
        organizationId: org.organizationId,
        phrase: input.Phrase,
        isDuress: input.IsDuress,
        expiresAt: expires,
        expirationEditable: input.ExpirationEditable,
        createdBy: a.auth.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await writeAudit(tx, {
      actorUserId: a.auth.userId,
      action: 'add-security-phrase',
      entity: 'security_phrases',
      entityId: p!.id,
      after: { ...p!, phrase: '(hidden)' },
      ip: a.ip,
    });
    return p!.id;
  });
  return getPhrase(app, a, id, true);
}

/**
 * UPDATE-MULTIPLE-PHRASES (admins 2, 12): saves every listed phrase in one transaction, or none.
 * Expiry per spec §4 (expiryOnEdit).
 * @throws 404 phrases.errors.notFound (a phrase not in scope), 400 phrases.errors.expired,
 * phrases.errors.expirationLocked, phrases.errors.expiresInPast, phrases.errors.duplicate,
 * phrases.errors.repeated.
 */
export async function updatePhrases(app: FastifyInstance, a: PhraseActor, input: UpdatePhrasesRequest): Promise<SecurityPhrase[]> {
  const now = a.now ?? new Date();
  assertCanManage(a.auth);
  const ids = input.phrases.map((p) => p.Id);
  if (new Set(ids).size !== ids.length) throw badRequest(PhraseKey.Repeated, 'phrases');
  const found = await selectPhrases(
    app.db,
    sql`p.id in (${sql.join(
      ids.map((i) => sql`${i}::int`),
      sql`, `,
    )}) and ${phraseScope(a.auth, now)}`,
  );
  const byId = new Map(found.map((r) => [r.id, r]));
  const texts = new Set<string>();
  const changes = input.phrases.map((p, i) => {
    const before = byId.get(p.Id);
    if (!before) throw notFound();
    if (before.expiresAt && before.expiresAt.getTime() <= now.getTime()) throw badRequest(PhraseKey.Expired, `phrases.${i}`);
    const requested = futureOrThrow(p.Expires, now, `phrases.${i}.Expires`);
    if (requested && !before.expirationEditable && requested.getTime() !== before.expiresAt?.getTime()) {
      throw badRequest(PhraseKey.ExpirationLocked, `phrases.${i}.Expires`);
    }
    const key = `${before.organizationId}:${p.Phrase.toLowerCase()}`;
    if (texts.has(key)) throw badRequest(PhraseKey.Duplicate, `phrases.${i}.Phrase`);
    texts.add(key);
    return { before, phrase: p.Phrase, isDuress: p.IsDuress, expiresAt: expiryOnEdit(before.expiresAt, requested, now) };
  });
  for (const [i, c] of changes.entries()) {
    if (await currentPhraseExists(app.db, c.before.organizationId, c.phrase, ids, now))
      throw badRequest(PhraseKey.Duplicate, `phrases.${i}.Phrase`);
  }
  await app.db.transaction(async (tx) => {
    for (const c of changes) {
      await tx
        .update(securityPhrases)
        .set({ phrase: c.phrase, isDuress: c.isDuress, expiresAt: c.expiresAt, updatedAt: now })
        .where(eq(securityPhrases.id, c.before.id));
      await writeAudit(tx, {
        actorUserId: a.auth.userId,
        action: 'update-security-phrase',
        entity: 'security_phrases',
        entityId: c.before.id,
        before: { isDuress: c.before.isDuress, expiresAt: c.before.expiresAt },
        after: { isDuress: c.isDuress, expiresAt: c.expiresAt, phraseChanged: c.phrase !== c.before.phrase },
        ip: a.ip,
      });
    }
  });
  const after = await selectPhrases(
    app.db,
    sql`p.id in (${sql.join(
      ids.map((i) => sql`${i}::int`),
      sql`, `,
    )})`,
  );
  return after.map((r) => presentPhrase(r, now, true));
}
