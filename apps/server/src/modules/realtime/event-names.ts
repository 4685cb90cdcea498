/**
 * The names an event message shows beside its ids (organisation, region, branch with its IANA zone
 * and type), cached per id for the dispatcher's hot path (issue 11: 1,000 consoles × 200 events/s).
 * A read of the log costs at most one extra query, for the ids not known yet or older than
 * EVENT_NAMES_TTL_MS, and none when every name is fresh; messages are still framed once per batch.
 * REST joins the same tables per query, so a live row equals the fetched row, except that a
 * rename shows in live messages up to EVENT_NAMES_TTL_MS later (on every node; at once on a node
 * that calls `invalidate()`).
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client.js';

/** How long a cached name is used before it is read again, ms. */
export const EVENT_NAMES_TTL_MS = 5_000;
/** Entries per map above which the cache is emptied rather than grown (it refills from the next reads). */
const MAX_ENTRIES = 50_000;

/** A branch's name, IANA zone and type display (branch_office_types.display, as stored). */
export interface BranchNames {
  name: string;
  timeZone: string;
  typeDisplay: string;
}

interface Cached<V> {
  value: V | null;
  /** When it was read (this.now() clock), ms. */
  at: number;
}

/** The ids of an event that have names. */
export interface NamedIds {
  branchOfficeId: number | null;
  organizationId: number | null;
  regionalOfficeId: number | null;
}

/** Names by id, read in bulk as events need them (see the module comment). */
export class EventNames {
  private readonly branches = new Map<number, Cached<BranchNames>>();
  private readonly organizations = new Map<number, Cached<string>>();
  private readonly regions = new Map<number, Cached<string>>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = EVENT_NAMES_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reads the names `events` need that are unknown or stale: one query, or none when all are fresh. */
  async load(events: readonly NamedIds[]): Promise<void> {
    const t = this.now();
    const wanted = <V>(cache: Map<number, Cached<V>>, id: number | null, into: Set<number>) => {
      if (id === null || into.has(id)) return;
      const c = cache.get(id);
      if (!c || t - c.at >= this.ttlMs) into.add(id);
    };
    const branchIds = new Set<number>();
    const organizationIds = new Set<number>();
    const regionIds = new Set<number>();
    for (const e of events) {
      wanted(this.branches, e.branchOfficeId, branchIds);
      wanted(this.organizations, e.organizationId, organizationIds);
      wanted(this.regions, e.regionalOfficeId, regionIds);
    }
    if (branchIds.size === 0 && organizationIds.size === 0 && regionIds.size === 0) return;
    const ids = (s: Set<number>) => sql`${`{${[...s].join(',')}}`}::int[]`;
    const found = await rows<{ t: 'b' | 'o' | 'r'; id: number; name: string; time_zone: string | null; display: string | null }>(
      this.db,
      sql`select 'b'::text as t, b.id, b.name, b.time_zone, ty.display
            from branch_offices b join branch_office_types ty on ty.id = b.branch_office_type_id where b.id = any(${ids(branchIds)})
          union all select 'o', o.id, o.name, null::text, null::text from organizations o where o.id = any(${ids(organizationIds)})
          union all select 'r', r.id, r.name, null::text, null::text from offices r where r.id = any(${ids(regionIds)})`,
    );
    for (const cache of [this.branches, this.organizations, this.regions]) if (cache.size > MAX_ENTRIES) cache.clear();
    // Ids not found (deleted meanwhile) are remembered as having no name, until they are stale.
    for (const id of branchIds) this.branches.set(id, { value: null, at: t });
    for (const id of organizationIds) this.organizations.set(id, { value: null, at: t });
    for (const id of regionIds) this.regions.set(id, { value: null, at: t });
    for (const f of found) {
      const id = Number(f.id);
      if (f.t === 'b')
        this.branches.set(id, { value: { name: f.name, timeZone: f.time_zone ?? 'UTC', typeDisplay: f.display ?? '' }, at: t });
      else if (f.t === 'o') this.organizations.set(id, { value: f.name, at: t });
      else this.regions.set(id, { value: f.name, at: t });
    }
  }

  /** The branch's names (null for no branch, or one not loaded). */
  branch(id: number | null): BranchNames | null {
    return id === null ? null : (this.branches.get(id)?.value ?? null);
  }
  organization(id: number | null): string | null {
    return id === null ? null : (this.organizations.get(id)?.value ?? null);
  }
  region(id: number | null): string | null {
    return id === null ? null : (this.regions.get(id)?.value ?? null);
  }

  /** Forgets every name: the next read of the log reads the names it needs again (after a rename on this node). */
  invalidate(): void {
    this.branches.clear();
    this.organizations.clear();
    this.regions.clear();
  }
}
