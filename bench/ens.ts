/**
 * ENS send benchmark (issue 16, bench/ens): on PGlite (the embedded default, in process), the time
 * of NOTIFY-EMEGREGENCY to 500 recipients — one transaction recording 500 recipients × 3 channels
 * (app, e-mail, SMS), the EMERGENCY-NOTIFICATION event and the audit entry — measured at the HTTP
 * client, p50 / p95 over the runs. Then the time until the delivery worker has sent every e-mail
 * and SMS of one send (to a real SMTP peer; SMS kept in the outbox). Figures only, no assertions;
 * the target: the send answers in under a second.
 *
 *   npx tsx bench/ens.ts [--recipients 500] [--runs 10]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ApiClient, startEnsDelivery, startSmtpPeer, startTestServer } from '@vigil/server/testing';

const { values } = parseArgs({ options: { recipients: { type: 'string', default: '500' }, runs: { type: 'string', default: '10' } } });
const RECIPIENTS = Number(values.recipients);
const RUNS = Number(values.runs);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

const smtp = await startSmtpPeer();
const server = await startTestServer('pglite', { LOGIN_RATE_MAX: '1000', SMTP_URL: smtp.url, ENS_DELIVERY_CONCURRENCY: '8' });
const exec = async <T>(text: string): Promise<T[]> => {
  const db = server.database.pglite;
  if (!db) throw new Error('PGlite expected');
  return ((await db.exec(text)).at(-1)?.rows ?? []) as T[];
};
const [branch] = await exec<{ id: number; organization_id: number }>(
  `select b.id, b.organization_id from branch_offices b join works_in w on w.branch_office_id = b.id
     join users u on u.id = w.user_id where u.email = 'manager@example.com' limit 1`,
);
await exec(`insert into users (organization_id, role_id, name, surname, email, phone_number, lang_id, status_id)
  select ${branch!.organization_id}, 7, 'Bench', 'Person ' || i, 'ens-bench-' || i || '@bench.test', '+3556900' || lpad(i::text, 5, '0'),
    case when i % 2 = 0 then 'sq' else 'en' end, 1
  from generate_series(1, ${RECIPIENTS}) i`);
await exec(
  `insert into works_in (user_id, branch_office_id) select id, ${branch!.id} from users where email like 'ens-bench-%@bench.test'`,
);
const ids = (await exec<{ id: number }>(`select id from users where email like 'ens-bench-%@bench.test' order by id`)).map((r) => r.id);

const api = new ApiClient(server.baseUrl);
await api.login('manager@example.com');
const send = () =>
  api.post('/api/client/manageensmessagetemplates', {
    case: 'NOTIFY-EMEGREGENCY',
    branchId: branch!.id,
    toUsersId: `{${ids.join(',')}}`,
    message: 'Bench: evacuate the building.',
    notificationMethod: 'ALL',
  });
await send(); // warm-up
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t = performance.now();
  const res = await send();
  times.push(performance.now() - t);
  if (res.status !== 200) throw new Error(`send failed: ${res.status} ${JSON.stringify(res.json)}`);
}
times.sort((a, b) => a - b);
console.log(`ENS send to ${RECIPIENTS} recipients (${RECIPIENTS * 3} deliveries) on PGlite, ${RUNS} runs:`);
console.log(`  p50 ${pct(times, 50).toFixed(0)} ms   p95 ${pct(times, 95).toFixed(0)} ms   max ${times.at(-1)!.toFixed(0)} ms`);

// Delivery of one send by this process's worker: every e-mail to the SMTP peer, every SMS to the outbox.
await exec(`update ens_deliveries set status = 'failed' where status in ('queued', 'sending')`);
const worker = startEnsDelivery(server.app);
const before = smtp.messages.length;
const t0 = performance.now();
await send();
for (;;) {
  const [left] = await exec<{ n: number }>(`select count(*)::int as n from ens_deliveries where status in ('queued', 'sending')`);
  if (left!.n === 0) break;
  await new Promise((r) => setTimeout(r, 100));
}
const secs = (performance.now() - t0) / 1000;
console.log(
  `  delivery of ${RECIPIENTS} e-mails (SMTP) + ${RECIPIENTS} SMS (outbox): ${secs.toFixed(1)} s, ${smtp.messages.length - before} mails received`,
);
await worker.stop();
await server.close();
await smtp.close();
