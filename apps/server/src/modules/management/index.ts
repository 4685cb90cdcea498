/** The management module (issue 4): offices, organisations, security offices, employee reads and the address lookup. */
import type { FastifyInstance } from 'fastify';
import { branchManagementRoutes } from './branches.routes.js';
import { geocodeRoutes } from './geocode.routes.js';

/** Registers every management route. */
export async function managementRoutes(app: FastifyInstance) {
  await app.register(branchManagementRoutes);
  await app.register(geocodeRoutes);
}
