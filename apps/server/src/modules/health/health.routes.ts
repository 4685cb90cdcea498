/** GET /healthz: 200 once migrations ran and the server accepts requests (the database answers). */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', async (_req, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok', database: app.database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
