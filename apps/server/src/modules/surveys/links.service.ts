/**
 * Personal survey links of external respondents (issue 18 "External users"): while a survey is
 * offered, every external user of a branch it is assigned to gets one link by e-mail, in their
 * language, to `/survey/<token>/<surveyId>`. The token is `<branchId>-<32 random bytes, base64url>`
 * (it names the branch, which the page sends as branchId); only its SHA-256 is stored. One link
 * per survey, respondent and survey period (the StartDate it was issued for, a unique index),
 * spent by its submission; a new schedule opens a new period and so new links.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { SurveyKey, surveyOffered } from '@vigil/contract';
import { rows } from '../../db/client.js';
import { surveyLinks, surveys } from '../../db/schema/index.js';
import { AppError } from '../../plugins/errors.js';
import { hashToken } from '../../plugins/session.js';
import { linkBase } from '../../lib/http.js';
import { messengerFor } from '../account/messenger.js';
import { surveyLinkMail } from './mail-templates.js';

/** A new raw link token naming `branchId`. */
export const newSurveyToken = (branchId: number) => `${branchId}-${randomBytes(32).toString('base64url')}`;

/**
 * Mails a link to every external respondent of the survey's branches who has none for the
 * current period, when the survey is offered at `now`. Safe to run concurrently and repeatedly
 * (the unique index decides who sends). A mail that fails is logged and its link removed, so the
 * next run sends it again. Returns the number of links sent.
 */
export async function issueSurveyLinks(app: FastifyInstance, surveyId: number, origin?: string, now = new Date()): Promise<number> {
  const [s] = await app.db.select().from(surveys).where(eq(surveys.id, surveyId));
  if (!s || !surveyOffered(s, now) || !s.startDate) return 0;
  const due = await rows<{ id: number; name: string; email: string; lang_id: string; branch_office_id: number; branch_name: string }>(
    app.db,
    sql`select e.id, e.name, e.email, e.lang_id, e.branch_office_id, b.name as branch_name
      from survey_branches sb join external_users e on e.branch_office_id = sb.branch_office_id join branch_offices b on b.id = e.branch_office_id
      where sb.survey_id = ${surveyId}
        and not exists (select 1 from survey_links l where l.survey_id = ${surveyId} and l.external_user_id = e.id and l.period = ${s.startDate})
      order by e.id`,
  );
  let sent = 0;
  for (const e of due) {
    const token = newSurveyToken(e.branch_office_id);
    const [link] = await app.db
      .insert(surveyLinks)
      .values({ surveyId, externalUserId: e.id, branchOfficeId: e.branch_office_id, tokenHash: hashToken(token), period: s.startDate })
      .onConflictDoNothing()
      .returning({ id: surveyLinks.id });
    if (!link) continue;
    const url = `${linkBase(app, origin)}/survey/${encodeURIComponent(token)}/${surveyId}`;
    try {
      await messengerFor(app).sendMail(
        surveyLinkMail({ email: e.email, name: e.name, langId: e.lang_id }, app.config.productName, {
          survey: s.name,
          branch: e.branch_name,
          link: url,
        }),
      );
      sent++;
    } catch (err) {
      app.log.error({ err, surveyId, externalUserId: e.id }, 'survey link mail failed');
      await app.db.delete(surveyLinks).where(eq(surveyLinks.id, link.id));
    }
  }
  return sent;
}

/** Sends the links of every survey offered now (the background sweep: surveys whose StartDate has come). Returns links sent. */
export async function issueDueSurveyLinks(app: FastifyInstance, now = new Date()): Promise<number> {
  const due = await rows<{ id: number }>(
    app.db,
    sql`select distinct sv.id from surveys sv join survey_branches sb on sb.survey_id = sv.id
      where sv.active and sv.start_date <= ${now} and (sv.end_date is null or sv.end_date > ${now})
        and exists (select 1 from external_users e where e.branch_office_id = sb.branch_office_id
          and not exists (select 1 from survey_links l where l.survey_id = sv.id and l.external_user_id = e.id and l.period = sv.start_date))`,
  );
  let n = 0;
  for (const d of due) n += await issueSurveyLinks(app, d.id, undefined, now);
  return n;
}

/** The link of a token, checked against the survey and branch the page names. */
export interface ResolvedLink {
  id: number;
  surveyId: number;
  externalUserId: number;
  branchOfficeId: number;
}

/**
 * The unspent link of `token` for `surveyId` (when given) and `branchId`, whose survey is offered
 * at `now` in the link's period at a branch it is still assigned to.
 * @throws 404 surveys.errors.linkInvalid (unknown, or another survey or branch); 410
 * surveys.errors.linkSpent (already used); 410 surveys.errors.linkExpired (period over).
 */
export async function resolveLink(
  app: FastifyInstance,
  token: string,
  surveyId: number | null | undefined,
  branchId: number,
  now = new Date(),
): Promise<ResolvedLink> {
  const [l] = await app.db
    .select()
    .from(surveyLinks)
    .where(eq(surveyLinks.tokenHash, hashToken(token)));
  if (!l || l.branchOfficeId !== branchId || (surveyId && l.surveyId !== surveyId)) throw new AppError(404, SurveyKey.LinkInvalid);
  if (l.usedAt) throw new AppError(410, SurveyKey.LinkSpent);
  const [s] = await app.db.select().from(surveys).where(eq(surveys.id, l.surveyId));
  const [assigned] = await rows<{ ok: number }>(
    app.db,
    sql`select 1 as ok from survey_branches where survey_id = ${l.surveyId} and branch_office_id = ${l.branchOfficeId}`,
  );
  if (!s || !assigned || !surveyOffered(s, now) || s.startDate?.getTime() !== l.period.getTime())
    throw new AppError(410, SurveyKey.LinkExpired);
  return { id: l.id, surveyId: l.surveyId, externalUserId: l.externalUserId, branchOfficeId: l.branchOfficeId };
}

/** Marks a link used inside the submission's transaction. @throws 410 linkSpent when a concurrent submission used it first. */
export async function spendLink(tx: Pick<FastifyInstance['db'], 'update'>, linkId: number, at: Date): Promise<void> {
  const done = await tx
    .update(surveyLinks)
    .set({ usedAt: at })
    .where(and(eq(surveyLinks.id, linkId), sql`${surveyLinks.usedAt} is null`))
    .returning({ id: surveyLinks.id });
  if (done.length === 0) throw new AppError(410, SurveyKey.LinkSpent);
}
