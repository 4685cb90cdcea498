/**
 * Address lookup of the office and organisation forms (issue 4; contract ZGeocodeRequest):
 * POST /api/client/geocode for roles 2 and 12, /api/admin/geocode for the platform admin. Used by
 * the forms of several features (organisations, security offices, regions, head office, branches),
 * so it lives in shared/.
 */
import { useQuery } from '@tanstack/react-query';
import type { GeocodeBody, GeocodeRequest } from '@vigil/contract';
import { apiPost } from '../api/client';

/** Whose geocode call a form uses: the client console's or the admin console's. */
export type GeocodeArea = 'client' | 'admin';

const PATHS: Record<GeocodeArea, string> = {
  client: '/api/client/geocode',
  admin: '/api/admin/geocode',
};

export const geocodeKeys = {
  status: (area: GeocodeArea) => ['geocoder-status', area] as const,
};

function geocode(area: GeocodeArea, req: GeocodeRequest, signal?: AbortSignal): Promise<GeocodeBody> {
  return apiPost<GeocodeBody>(PATHS[area], req, signal ? { signal } : {});
}

/** Whether the server has a geocoder (GEOCODER-STATUS, asked once per page and area); false without an area. */
export function useGeocoderConfigured(area: GeocodeArea | undefined): boolean {
  const q = useQuery({
    queryKey: geocodeKeys.status(area ?? 'client'),
    queryFn: ({ signal }) => geocode(area ?? 'client', { case: 'GEOCODER-STATUS' }, signal),
    enabled: !!area,
    staleTime: Infinity,
    retry: false,
  });
  return !!q.data?.configured;
}

/**
 * The places matching a free-text address, best first (GEOCODE-ADDRESS).
 * @throws ApiError management.errors.geocoderOff (404) without a geocoder, geocoderFailed (502) when it fails.
 */
export function geocodeAddress(area: GeocodeArea, address: string): Promise<GeocodeBody> {
  return geocode(area, { case: 'GEOCODE-ADDRESS', address });
}
