/**
 * Branch calls (spec §7 Offices and organisations; §4 branch actions): getofficesv2 case
 * GET-ALL-BRANCH-OFFICES (the dashboard board and the /branches list, with CSV), getbranchbyidv2,
 * getbranchbyregionalid (GET-BRANCH-OFFICES-BY-REGION), getofficesformap (GET-FOR-MAP-COMPACT),
 * getknownoperators (branch types and the §3 operators), addbranchoffice, managebranchoffices and setbranchmode.
 *
 * managebranchoffices also answers GET-ACTIVITIES-BY-BRANCH-ID, a report (spec §7 Reports): the
 * route hands that case to `options.branchActivities`, which app.ts wires to the reports module,
 * so branches never depends on reports.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAddBranchOfficeRequest,
  ZBranchActivitiesRequest,
  KNOWN_OPERATORS,
  ZGetBranchByIdRequest,
  ZGetBranchByRegionRequest,
  ZGetKnownOperatorsRequest,
  ZGetOfficesForMapRequest,
  ZGetOfficesV2Request,
  ZManageBranchOfficesRequest,
  ZSetBranchModeRequest,
  type BranchOfficeType,
  type GetOfficesForMapBody,
  type GetOfficesV2Body,
  type KnownOperator,
  type MapBranch,
  responsesOf,
  ZGetOfficesV2Body,
  ZGetbranchbyidv2Body,
  ZBranchActivitiesPage,
  ZGetknownoperatorsBody,
  ZGetbranchbyregionalidBody,
  ZGetOfficesForMapBody,
  ZSetbranchmodeBody,
  type Answer,
  type BranchActivitiesPage,
} from '@vigil/contract';
import { sql } from 'drizzle-orm';
import { rows as sqlRows } from '../../db/client.js';
import { offices } from '../../db/schema/index.js';
import { notFound } from '../../plugins/errors.js';
import { assertOrganizationInScope, regionScope } from '../../plugins/authorization.js';
import { authOf, requireClient } from '../../plugins/session.js';
import { csvPage, sendCsv } from '../../lib/csv.js';
import type { NameKey } from '../../lib/list-query.js';
import { preSerialized } from '../../plugins/response-serializer.js';
import { setBranchMode } from './branch-mode.service.js';
import { boardCacheKey, sendGzipped } from './board-cache.js';
import { BRANCH_CSV_HEADER, branchCsvRow, branchKey, presentBoardBranch, presentBranch, presentBranchType } from './branches.presenter.js';
import { boardBranches, branchTypes, listBranches } from './branches.repository.js';
import { branchDetail, manageBranch, saveBranch } from './branches.service.js';

/** Options of the branch routes. */
export interface BranchesRoutesOptions {
  /** Answers managebranchoffices GET-ACTIVITIES-BY-BRANCH-ID (the reports module's serveBranchActivities). */
  branchActivities: (
    app: FastifyInstance,
    req: FastifyRequest,
    reply: FastifyReply,
    body: z.output<typeof ZBranchActivitiesRequest>,
  ) => Promise<unknown>;
}

export async function branchesRoutes(fastify: FastifyInstance, options: BranchesRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/client/getofficesv2',
    { preValidation: requireClient, schema: { body: ZGetOfficesV2Request, response: responsesOf(ZGetOfficesV2Body) } },
    async (req, reply) => {
      const auth = authOf(req);
      const f = req.body;
      if (f.organizationId) await assertOrganizationInScope(app.db, auth, f.organizationId);
      if (f.format === 'csv') {
        return sendCsv(reply, 'branches.csv', BRANCH_CSV_HEADER, async (after: NameKey | null, limit) => {
          const { rows } = await listBranches(app.db, auth, { ...f, offset: 0, limit, after, count: false });
          return csvPage(rows, branchCsvRow, branchKey);
        });
      }
      // The answer cache (board-cache.ts): per scope and filter, dropped on every board or scope change.
      const key = boardCacheKey(auth, f);
      if (app.database.kind === 'postgres') await app.boardCache.heardPending();
      const hit = app.boardCache.get(key);
      // The entry's gzip bytes when accepted (a 5,000-branch board: ~0.3 MB, not 3.4 MB).
      if (hit) return (await sendGzipped(req, reply, hit)) ? reply : preSerialized(hit.json, hit.value as Answer<GetOfficesV2Body>);
      const epoch = app.boardCache.epoch;
      const { rows, total } = await boardBranches(app.db, auth, f);
      const answer: Answer<GetOfficesV2Body> = { success: true, body: { organizationobject: rows.map(presentBoardBranch), total } };
      const json = JSON.stringify(answer);
      const entry = app.boardCache.set(key, json, answer, epoch);
      return (await sendGzipped(req, reply, entry)) ? reply : preSerialized(json, answer);
    },
  );

  app.post(
    '/api/client/getbranchbyidv2',
    { preValidation: requireClient, schema: { body: ZGetBranchByIdRequest, response: responsesOf(ZGetbranchbyidv2Body) } },
    async (req) => ({
      success: true,
      body: { branchofficeobject: await branchDetail(app.db, authOf(req), req.body.branchOfficeId) },
    }),
  );

  app.post(
    '/api/client/getknownoperators',
    { preValidation: requireClient, schema: { body: ZGetKnownOperatorsRequest, response: responsesOf(ZGetknownoperatorsBody) } },
    async (): Promise<Answer<{ branchofficetypes: BranchOfficeType[]; operators: KnownOperator[] }>> => ({
      success: true,
      body: { branchofficetypes: (await branchTypes(app.db)).map(presentBranchType), operators: [...KNOWN_OPERATORS] },
    }),
  );

  /** The branches of one region in scope (spec §7 getbranchbyregionalid); a region outside the scope 404. */
  app.post(
    '/api/client/getbranchbyregionalid',
    { preValidation: requireClient, schema: { body: ZGetBranchByRegionRequest, response: responsesOf(ZGetbranchbyregionalidBody) } },
    async (req): Promise<Answer<{ organizationobject: ReturnType<typeof presentBranch>[] }>> => {
      const auth = authOf(req);
      const regionId = req.body.regionalOfficeId;
      const found = await sqlRows<{ id: number }>(
        app.db,
        sql`select ${offices.id} as id from ${offices} where ${offices.id} = ${regionId} and ${regionScope(auth)}`,
      );
      if (found.length === 0) throw notFound();
      const { rows } = await listBranches(app.db, auth, { regionalOfficeId: regionId, offset: 0, limit: 10_000 });
      return { success: true, body: { organizationobject: rows.map(presentBranch) } };
    },
  );

  /** Every branch in scope, compact, with GeoJSON features (spec §7 getofficesformap GET-FOR-MAP-COMPACT). */
  app.post(
    '/api/client/getofficesformap',
    { preValidation: requireClient, schema: { body: ZGetOfficesForMapRequest, response: responsesOf(ZGetOfficesForMapBody) } },
    async (req): Promise<Answer<GetOfficesForMapBody>> => {
      const auth = authOf(req);
      if (req.body.organizationId) await assertOrganizationInScope(app.db, auth, req.body.organizationId);
      const { rows } = await boardBranches(app.db, auth, {
        organizationId: req.body.organizationId,
        offset: 0,
        limit: 10_000,
        count: false,
      });
      const compact = rows.map((r): MapBranch => {
        const b = presentBoardBranch(r);
        return {
          BranchOfficeId: b.BranchOfficeId,
          Name: b.Name,
          OrganizationId: b.OrganizationId,
          RegionalOfficeId: b.RegionalOfficeId,
          StatusId: b.StatusId,
          Latitude: b.Latitude ?? null,
          Longitude: b.Longitude ?? null,
          BranchAction: b.BranchAction,
          BranchActionTime: b.BranchActionTime,
          TestMode: b.TestMode,
        };
      });
      const features = compact.flatMap((m) =>
        m.Latitude != null && m.Longitude != null
          ? [
              {
                type: 'Feature' as const,
                geometry: { type: 'Point' as const, coordinates: [m.Longitude, m.Latitude] as [number, number] },
                properties: m,
              },
            ]
          : [],
      );
      return { success: true, body: { organizationobject: compact, organizationfeatures: { type: 'FeatureCollection', features } } };
    },
  );

  app.post(
    '/api/client/addbranchoffice',
    { preValidation: requireClient, schema: { body: ZAddBranchOfficeRequest, response: responsesOf(ZGetbranchbyidv2Body) } },
    async (req) => ({
      success: true,
      body: { branchofficeobject: await saveBranch(app.db, { auth: authOf(req), ip: req.ip }, req.body) },
    }),
  );

  app.post(
    '/api/client/managebranchoffices',
    {
      preValidation: requireClient,
      schema: {
        body: z.union([ZManageBranchOfficesRequest, ZBranchActivitiesRequest]),
        // The branch (UPDATE-BRANCH-OFFICE-*) or a page of its activities (JSON; CSV/XLSX exports are files).
        response: responsesOf(z.union([ZGetbranchbyidv2Body, ZBranchActivitiesPage])),
      },
    },
    async (req, reply) => {
      const d = req.body;
      // GET-ACTIVITIES-BY-BRANCH-ID (spec §7 Reports) reads the branch's activity under the report scope rules.
      if (d.case === 'GET-ACTIVITIES-BY-BRANCH-ID') {
        // A page (checked against ZBranchActivitiesPage by the response schema) or an export already sent.
        return (await options.branchActivities(app, req, reply, d)) as Answer<BranchActivitiesPage> | undefined;
      }
      return { success: true, body: { branchofficeobject: await manageBranch(app.db, { auth: authOf(req), ip: req.ip }, d) } };
    },
  );

  /** The console's open / close / service of a branch in scope (spec §7 setbranchmode SET-BRANCH-MODE). */
  app.post(
    '/api/client/setbranchmode',
    { preValidation: requireClient, schema: { body: ZSetBranchModeRequest, response: responsesOf(ZSetbranchmodeBody) } },
    async (req) => ({
      success: true,
      body: await setBranchMode(app, { auth: authOf(req), ip: req.ip }, req.body),
    }),
  );
}
