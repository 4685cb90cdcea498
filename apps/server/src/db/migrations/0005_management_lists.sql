-- Employee and branch lists at scale (issue 4): list-order indexes (keyset paging of exports) and a
-- trigram index for the employee search. pg_trgm is a trusted contrib extension (PostgreSQL 13+);
-- the embedded PGlite loads it too (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "branch_offices_org_idx";--> statement-breakpoint
DROP INDEX "users_org_idx";--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("surname","name","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("name" || ' ' || "surname" || chr(1) || "email" || chr(1) || coalesce("phone_number", '') || chr(1) || coalesce("number", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "branch_offices_org_idx" ON "branch_offices" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "users_org_idx" ON "users" USING btree ("organization_id","surname","name","id");