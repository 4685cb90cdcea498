/**
 * POST /api/client/geocode and /api/admin/geocode (ours; issue 4 "coordinates chosen on a map or
 * from the address"): GEOCODER-STATUS tells the forms whether to offer "Find from the address";
 * GEOCODE-ADDRESS looks the address up through the configured geocoder (geocoding.service.ts). Client
 * lookups need role 2 or 12 (the roles that edit offices), admin lookups role 1; both are rate
 * limited per IP address, since every lookup costs a call to the geocoder.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ManagementKey, ZGeocodeRequest, type GeocodeBody, responsesOf, ZGeocodeBody, type Answer } from '@vigil/contract';
import { AppError, requestLanguage } from '../../plugins/errors.js';
import { authOf, requireAdmin, requireClient } from '../../plugins/session.js';
import { assertCanManage } from '../../plugins/authorization.js';
import { geocodeAddress } from './geocoding.service.js';

/** Lookups allowed per IP address and minute. */
export const GEOCODE_RATE_MAX = 30;

/** Registers the client and admin geocode routes. */
export async function geocodingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limit = { rateLimit: { max: GEOCODE_RATE_MAX, timeWindow: 60_000, keyGenerator: (req: FastifyRequest) => `geocode|${req.ip}` } };

  /** The answer of both routes (the caller's role is checked before). */
  const answer = async (req: FastifyRequest, d: z.output<typeof ZGeocodeRequest>): Promise<Answer<GeocodeBody>> => {
    const base = app.config.geocoderUrl;
    if (d.case === 'GEOCODER-STATUS') return { success: true, body: { configured: !!base } };
    if (!base) throw new AppError(404, ManagementKey.GeocoderOff);
    try {
      const results = await geocodeAddress(base, d.address, {
        language: requestLanguage(req),
        userAgent: `${app.config.productName} console server (${app.config.publicUrl ?? 'self-hosted'})`,
      });
      return { success: true, body: { configured: true, results } };
    } catch (err) {
      req.log.warn({ err: (err as { cause?: unknown }).cause ?? err }, 'geocoder lookup failed');
      throw err;
    }
  };

  app.post(
    '/api/client/geocode',
    { preValidation: requireClient, schema: { body: ZGeocodeRequest, response: responsesOf(ZGeocodeBody) }, config: limit },
    async (req) => {
      if (req.body.case === 'GEOCODE-ADDRESS') assertCanManage(authOf(req));
      return answer(req, req.body);
    },
  );

  app.post(
    '/api/admin/geocode',
    { preValidation: requireAdmin, schema: { body: ZGeocodeRequest, response: responsesOf(ZGeocodeBody) }, config: limit },
    async (req) => answer(req, req.body),
  );
}
