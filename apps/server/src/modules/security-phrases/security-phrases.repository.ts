/** SQL of the security phrases (spec §3 Security phrase). */
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../../db/client.js';

/** A phrase row with its creator's name. */
export interface PhraseRow {
  id: number;
  organizationId: number;
  phrase: string;
  isDuress: boolean;
  expiresAt: Date | null;
  expirationEditable: boolean;
  createdAt: Date;
  createdByName: string | null;
}

const SELECT = sql`select p.id, p.organization_id as "organizationId", p.phrase, p.is_duress as "isDuress",
  p.expires_at as "expiresAt", p.expiration_editable as "expirationEditable", p.created_at as "createdAt",
  nullif(trim(coalesce(u.name, '') || ' ' || coalesce(u.surname, '')), '') as "createdByName"
  from security_phrases p left join users u on u.id = p.created_by`;

/** Dates come back as text on some drivers: one shape for both databases. */
function normalize(r: PhraseRow): PhraseRow {
  return {
    ...r,
    expiresAt: r.expiresAt == null ? null : new Date(r.expiresAt),
    createdAt: new Date(r.createdAt),
  };
}

/** Phrases matching `where` (a condition on `p`), current ones first, then newest. */
export async function selectPhrases(db: Db, where: SQL): Promise<PhraseRow[]> {
  const list = await rows<PhraseRow>(
    db,
    sql`${SELECT} where ${where} order by (p.expires_at is not null and p.expires_at <= now()), p.created_at desc, p.id desc limit 1000`,
  );
  return list.map(normalize);
}

/** Whether a current phrase of the organisation has this text (any case), other than `exceptIds`. */
export async function currentPhraseExists(
  db: Db,
  organizationId: number,
  phrase: string,
  exceptIds: number[],
  now: Date,
): Promise<boolean> {
  const except = exceptIds.length
    ? sql`and p.id not in (${sql.join(
        exceptIds.map((i) => sql`${i}::int`),
        sql`, `,
      )})`
    : sql``;
  const found = await rows<{ n: number }>(
    db,
    sql`select 1 as n from security_phrases p where p.organization_id = ${organizationId} and lower(p.phrase) = lower(${phrase})
      and (p.expires_at is null or p.expires_at > ${now.toISOString()}::timestamptz) ${except} limit 1`,
  );
  return found.length > 0;
}
