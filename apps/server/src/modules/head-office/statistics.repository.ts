/**
 * getstatistics (spec §7 "getstatistics (branch structure)"; issue 19): the organisation's branch
 * structure — regions, branch counts by status and test mode, branches per type — for the head
 * office page's chart. Two grouped queries, whatever the number of branches.
 */
import { sql } from 'drizzle-orm';
import { StatusId, type BranchCounts, type BranchStructure } from '@vigil/contract';
import { rows, type Db } from '../../db/client.js';
import { OfficeType } from '../../db/schema/index.js';

interface CountRow {
  regionId: number | null;
  regionName: string | null;
  regionStatus: number | null;
  typeId: number | null;
  typeDisplay: string | null;
  active: number;
  pending: number;
  inactive: number;
  test: number;
  total: number;
}

const empty = (): BranchCounts => ({ Active: 0, Pending: 0, Inactive: 0, TestMode: 0, Total: 0 });
const add = (to: BranchCounts, r: CountRow) => {
  to.Active += r.active;
  to.Pending += r.pending;
  to.Inactive += r.inactive;
  to.TestMode += r.test;
  to.Total += r.total;
};

/** 'Branch / Location' is shown as 'Branch' (spec §3 Branch office). */
const typeLabel = (display: string) => (display === 'Branch / Location' ? 'Branch' : display);

/**
 * The branch structure of organisation `organizationId` named `organizationName` (the caller has
 * checked the scope): every regional office, even without branches, in name order; the branches
 * without a region last; totals with the number of regions and of Active users.
 */
export async function branchStructure(db: Db, organizationId: number, organizationName: string): Promise<BranchStructure> {
  const counts = await rows<CountRow>(
    db,
    sql`select r.id as "regionId", r.name as "regionName", r.status_id::int as "regionStatus",
          t.id as "typeId", t.display as "typeDisplay",
          count(b.id) filter (where b.status_id = ${StatusId.Active})::int as active,
          count(b.id) filter (where b.status_id = ${StatusId.Pending})::int as pending,
          count(b.id) filter (where b.id is not null and b.status_id not in (${StatusId.Active}, ${StatusId.Pending}))::int as inactive,
          count(b.id) filter (where b.test_mode)::int as test,
          count(b.id)::int as total
        from (select id, name, status_id from offices
                where organization_id = ${organizationId} and office_type_id = ${OfficeType.RegionalOffice}
              union all select null, null, null) r
        left join branch_offices b on b.organization_id = ${organizationId}
          and (b.regional_office_id = r.id or (r.id is null and b.regional_office_id is null))
        left join branch_office_types t on t.id = b.branch_office_type_id
        group by r.id, r.name, r.status_id, t.id, t.display
        order by r.id is null, lower(r.name), r.id, t.id`,
  );
  const [people] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users where organization_id = ${organizationId} and status_id = ${StatusId.Active}`,
  );
  const regions = new Map<string, BranchStructure['Regions'][number]>();
  const totals = { ...empty(), Regions: 0, Employees: people?.n ?? 0 };
  for (const r of counts) {
    const key = String(r.regionId);
    let region = regions.get(key);
    if (!region) {
      region = { RegionalOfficeId: r.regionId, RegionalOfficeName: r.regionName, StatusId: r.regionStatus, ...empty(), Types: [] };
      regions.set(key, region);
    }
    add(region, r);
    add(totals, r);
    if (r.typeId != null && r.total > 0)
      region.Types.push({ BranchOfficeTypeId: r.typeId, BranchOfficeTypeDisplay: typeLabel(r.typeDisplay ?? ''), Count: r.total });
  }
  const list = [...regions.values()].filter((r) => r.RegionalOfficeId != null || r.Total > 0);
  totals.Regions = list.filter((r) => r.RegionalOfficeId != null).length;
  return { OrganizationId: organizationId, OrganizationName: organizationName, Regions: list, Totals: totals };
}
