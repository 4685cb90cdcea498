/**
 * Demo chat history (issue 14): a few closed chat sessions with their transcripts over the past
 * days, so the chat recordings report and the transcript page are not empty. Callers are mobile
 * users of the demo branches; the demo security office's operator and officer answered them.
 * History only: no events are written (they would replay to consoles as live chats).
 */
import { sql } from 'drizzle-orm';
import type { DateTime } from 'luxon';
import { CHAT_OPENING_TEXT, RoleGroup } from '@vigil/contract';
import { rows, type Db } from '../client.js';

/** The conversations (caller lines and console lines alternate, the console's opening first). */
const SCRIPTS: string[][] = [
  [
    'A man is waiting by the back door since opening',
    'Is he still there now?',
    'Yes, he is looking inside',
    'A patrol is on its way, stay inside',
  ],
  ['The vault timer did not release', 'Did you enter the code twice?', 'Yes, twice', 'We see the fault, a technician will call you'],
  ['A customer is shouting at the teller', 'Is anybody hurt?', 'No, but he refuses to leave', 'Police informed. Keep your distance'],
  ['Smoke smell near the ATM room', 'Please leave the room and keep the door closed', 'Done, we are outside', 'Fire service notified'],
  ['Test chat from the morning check', 'Received, all good', 'Thank you', 'Have a good day'],
  ['Suspicious car parked in front for an hour', 'Can you see the plate?', 'AA 123 BB', 'Noted, we will check with the police'],
];

/** Inserts the demo transcripts; `now` is the seed's clock. */
export async function seedDemoChats(tx: Db, now: DateTime): Promise<void> {
  const callers = await rows<{
    user_id: number;
    branch_id: number;
    organization_id: number;
    regional_office_id: number | null;
    latitude: number | null;
    longitude: number | null;
  }>(
    tx,
    sql`select distinct on (b.id) u.id as user_id, b.id as branch_id, b.organization_id, b.regional_office_id, b.latitude, b.longitude
      from users u join works_in w on w.user_id = u.id join branch_offices b on b.id = w.branch_office_id
      where u.role_id in (${sql.join(
        RoleGroup.Mobile.map((r) => sql`${r}::int`),
        sql`, `,
      )}) and u.status_id = 1
      order by b.id, u.id limit ${SCRIPTS.length}`,
  );
  const officers = await rows<{ id: number }>(
    tx,
    sql`select id from users where email in ('operator@example.com', 'officer@example.com') order by email desc`,
  );
  if (officers.length === 0) return;
  for (const [i, c] of callers.entries()) {
    const script = SCRIPTS[i % SCRIPTS.length]!;
    const officer = officers[i % officers.length]!.id;
    const start = now.minus({ days: 1 + i * 3, hours: 2 + (i % 5) });
    const answered = start.plus({ seconds: 20 + i * 17 });
    const stop = answered.plus({ minutes: 4 + i });
    const lat = (c.latitude ?? 41.3275) + 0.0004;
    const lng = (c.longitude ?? 19.8187) - 0.0003;
    const locations = [{ Latitude: lat, Longitude: lng, HorizontalAccuracy: 8 + i, AtUTC: start.toUTC().toISO() }];
    const [s] = await rows<{ id: number }>(
      tx,
      sql`insert into chat_sessions (kind, status, organization_id, regional_office_id, branch_office_id, caller_user_id, officer_user_id,
          finished_by, started_at, answered_at, stopped_at, latitude, longitude, horizontal_accuracy, locations, mobile_session_type,
          app_version, os, phone_model)
        values ('mobile', 'closed', ${c.organization_id}, ${c.regional_office_id}, ${c.branch_id}, ${c.user_id}, ${officer}, ${officer},
          ${start.toUTC().toISO()}::timestamptz, ${answered.toUTC().toISO()}::timestamptz, ${stop.toUTC().toISO()}::timestamptz,
          ${lat}, ${lng}, ${8 + i}, ${JSON.stringify(locations)}::jsonb, 'MOBILE', '25.7.2', ${i % 2 ? 'iOS 18' : 'Android 15'},
          ${i % 2 ? 'iPhone 15' : 'Pixel 8'})
        returning id`,
    );
    const lines: { from: number; console: boolean; text: string; at: DateTime }[] = [
      { from: c.user_id, console: false, text: script[0]!, at: start.plus({ seconds: 5 }) },
      { from: officer, console: true, text: CHAT_OPENING_TEXT, at: answered },
      ...script.slice(1).map((text, k) => ({
        from: k % 2 === 0 ? officer : c.user_id,
        console: k % 2 === 0,
        text,
        at: answered.plus({ seconds: 30 * (k + 1) }),
      })),
    ];
    for (const l of lines) {
      await tx.execute(sql`insert into chat_messages (session_id, from_user_id, from_console, content, sent_at)
        values (${s!.id}, ${l.from}, ${l.console}, ${l.text}, ${l.at.toUTC().toISO()}::timestamptz)`);
    }
  }
}
