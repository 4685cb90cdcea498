/**
 * Demo task lists (issue 17 "Simulator and demo"): the platform admin's library, opening, closing
 * and other templates for both demo banks assigned to every branch, and a task run for every
 * opening and closing of the demo history (30 days) — realistic item durations around the
 * expected ones, the odd late item (about one run in eight) and the odd abandoned run (about one in
 * thirty, cleared with its last items undone). Pseudo-randomness comes from the event ids, so the
 * same history gives the same runs.
 */
import { sql } from 'drizzle-orm';
import type { TaskingType } from '@vigil/contract';
import type { Db } from '../client.js';
import { taskListTemplateDetails, taskListTemplates } from '../schema/index.js';

interface DemoTemplate {
  name: string;
  taskingType: TaskingType;
  description: string;
  /** name, expected seconds, mandatory order */
  items: [string, number, boolean][];
  isAllowedEdit?: boolean;
  isAllowedDelete?: boolean;
}

const LIBRARY: DemoTemplate[] = [
  {
    name: 'Standard branch opening',
    taskingType: 'OPENING',
    description: 'The platform’s recommended opening procedure',
    items: [
      ['Walk the perimeter', 300, true],
      ['Disarm the alarm', 60, true],
      ['Check the vault', 180, true],
      ['Open the doors', 60, false],
    ],
    isAllowedEdit: false,
    isAllowedDelete: true,
  },
  {
    name: 'Standard branch closing',
    taskingType: 'CLOSING',
    description: 'The platform’s recommended closing procedure',
    items: [
      ['Count the cash drawers', 600, true],
      ['Lock the vault', 120, true],
      ['Arm the alarm', 60, true],
      ['Walk the perimeter', 240, false],
    ],
  },
];

const BY_ORGANIZATION: Record<'AL' | 'US', DemoTemplate[]> = {
  AL: [
    {
      name: 'Hapja e mëngjesit',
      taskingType: 'OPENING',
      description: 'Procedura e hapjes së degës',
      items: [
        ['Kontrolli i perimetrit', 300, true],
        ['Çaktivizimi i alarmit', 60, true],
        ['Kontrolli i thesarit', 180, true],
        ['Hapja e dyerve', 60, false],
      ],
    },
    {
      name: 'Mbyllja e mbrëmjes',
      taskingType: 'CLOSING',
      description: 'Procedura e mbylljes së degës',
      items: [
        ['Numërimi i arkave', 600, true],
        ['Mbyllja e thesarit', 120, true],
        ['Aktivizimi i alarmit', 60, true],
        ['Kontrolli i perimetrit', 240, false],
      ],
    },
    {
      name: 'Inspektim sipas kërkesës',
      taskingType: 'ON_DEMAND',
      description: 'Kontroll i shpejtë pas një alarmi',
      items: [
        ['Kontrolli i hyrjeve', 180, false],
        ['Kontrolli i kamerave', 120, false],
      ],
    },
  ],
  US: [
    {
      name: 'Morning opening',
      taskingType: 'OPENING',
      description: 'Two-person opening procedure',
      items: [
        ['Walk the perimeter', 300, true],
        ['Disarm the alarm', 60, true],
        ['Check the vault', 180, true],
        ['Open the doors', 60, false],
      ],
    },
    {
      name: 'Evening closing',
      taskingType: 'CLOSING',
      description: 'End-of-day closing procedure',
      items: [
        ['Balance the teller drawers', 900, true],
        ['Lock the vault', 120, true],
        ['Arm the alarm', 60, true],
        ['Walk the perimeter', 240, false],
      ],
    },
    {
      name: 'ATM servicing',
      taskingType: 'SERVICING',
      description: 'Cash replenishment of the ATM',
      items: [
        ['Check the surroundings', 120, true],
        ['Open the ATM safe', 180, true],
        ['Load the cassettes', 600, true],
        ['Close and test', 180, true],
      ],
    },
  ],
};

async function insertTemplate(tx: Db, organizationId: number | null, t: DemoTemplate): Promise<number> {
  const [row] = await tx
    .insert(taskListTemplates)
    .values({
      organizationId,
      name: t.name,
      description: t.description,
      taskingType: t.taskingType,
      isAllowedEdit: t.isAllowedEdit ?? true,
      isAllowedDelete: t.isAllowedDelete ?? true,
    })
    .returning({ id: taskListTemplates.id });
  await tx.insert(taskListTemplateDetails).values(
    t.items.map(([name, timeInterval, isOrderMandatory], i) => ({
      templateId: row!.id,
      name,
      priorityOrder: i + 1,
      timeInterval,
      isOrderMandatory,
    })),
  );
  return row!.id;
}

/**
 * Seeds the task lists of the demo (inside the demo seed's transaction, after its events): the
 * library, the banks' templates assigned to all their branches, and the runs of the history's
 * openings and closings up to `now`.
 */
export async function seedDemoTasks(tx: Db, orgIds: { AL: number; US: number }, now: Date): Promise<void> {
  for (const t of LIBRARY) await insertTemplate(tx, null, t);
  for (const key of ['AL', 'US'] as const) {
    for (const t of BY_ORGANIZATION[key]) {
      const id = await insertTemplate(tx, orgIds[key], t);
      await tx.execute(sql`insert into task_list_assignments (template_id, branch_office_id)
        select ${id}, b.id from branch_offices b where b.organization_id = ${orgIds[key]}`);
    }
  }
  // One run per opening and closing of the history (started by who acted, at the action). h is a
  // stable pseudo-random number 0…999 per event; ~3 % of runs were abandoned (cleared).
  await tx.execute(sql`insert into tasks (template_id, template_name, tasking_type, organization_id, branch_office_id, status,
      started_by, started_at, branch_action_event_id)
    select t.id, t.name, t.tasking_type, e.organization_id, e.branch_office_id,
      case when abs(hashtext(e.id::text)) % 1000 < 30 then 'DROPPED' else 'COMPLETED' end,
      e.user_id, e.occurred_at, e.id
    from events e
    join task_list_assignments a on a.branch_office_id = e.branch_office_id
    join task_list_templates t on t.id = a.template_id
      and t.tasking_type = case e.branch_action when 'Open' then 'OPENING' when 'Close' then 'CLOSING' end
    where e.kind = 'BRANCH_ACTION' and e.branch_action in ('Open', 'Close') and not e.is_closed_by_system
      and e.occurred_at < ${now.toISOString()}::timestamptz - interval '2 hours'`);
  // Items: each lasts 60–130 % of its expected time, about one in eight runs has one item at
  // 2–3 times it; abandoned runs stop after their first items.
  await tx.execute(sql`with d as (
      select k.id as task_id, k.status, k.started_at, det.id as detail_id, det.name, det.priority_order, det.is_order_mandatory, det.time_interval,
        greatest(5, round(det.time_interval * (
          case when abs(hashtext(k.id::text || ':late')) % 8 = 0 and abs(hashtext(k.id::text)) % 4 + 1 = det.priority_order
            then 2 + (abs(hashtext(k.id::text || det.id::text)) % 100) / 100.0
            else 0.6 + (abs(hashtext(k.id::text || det.id::text)) % 70) / 100.0 end)))::int as secs
      from tasks k join task_list_template_details det on det.template_id = k.template_id
    ), c as (
      select d.*, sum(d.secs) over (partition by d.task_id order by d.priority_order) as until from d
    )
    insert into task_items (task_id, detail_id, name, priority_order, is_order_mandatory, time_interval, started_at, ended_at)
    select c.task_id, c.detail_id, c.name, c.priority_order, c.is_order_mandatory, c.time_interval,
      case when c.status = 'DROPPED' and c.priority_order > 2 then null else c.started_at + make_interval(secs => c.until - c.secs) end,
      case when c.status = 'DROPPED' and c.priority_order > 1 then null else c.started_at + make_interval(secs => c.until) end
    from c`);
  await tx.execute(sql`update tasks k set ended_at = coalesce(
      (select max(i.ended_at) from task_items i where i.task_id = k.id) + case when k.status = 'DROPPED' then interval '20 minutes' else interval '0' end,
      k.started_at)
    where k.ended_at is null`);
}
