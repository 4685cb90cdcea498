CREATE TABLE "check_in_day_counts" (
	"branch_office_id" integer NOT NULL,
	"day" date NOT NULL,
	"check_ins" integer DEFAULT 0 NOT NULL,
	"inside_geofence" integer DEFAULT 0 NOT NULL,
	"outside_geofence" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "check_in_day_counts_key" UNIQUE("day","branch_office_id")
);
--> statement-breakpoint
ALTER TABLE "check_in_day_counts" ADD CONSTRAINT "check_in_day_counts_branch_office_id_branch_offices_id_fk" FOREIGN KEY ("branch_office_id") REFERENCES "public"."branch_offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "check_in_day_counts_branch_idx" ON "check_in_day_counts" USING btree ("branch_office_id","day");
--> statement-breakpoint
-- The counts move by the rows written (statement triggers, transition tables): +1 for each inserted
-- row, -1 for each deleted one, and for an update -1 for the old row and +1 for the new one, summed
-- per (branch, branch-local day) so that a row whose branch, time and geofence are unchanged (a
-- check-out only sets check_out_at) nets to zero and writes nothing. Each statement adds its own
-- signed counts under the row lock of ON CONFLICT, so concurrent writers never lose one another's.
-- After an update or delete, rows whose counts went back to zero go (retention removes old
-- check-ins day by day). The rows are chosen by operation in the text run (EXECUTE sees the
-- transition tables of the operation only).
CREATE FUNCTION "check_in_day_counts_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added constant text := 'SELECT branch_office_id, check_in_at, inside_geofence, 1 AS sign FROM new_rows';
  removed constant text := 'SELECT branch_office_id, check_in_at, inside_geofence, -1 AS sign FROM old_rows';
BEGIN
  EXECUTE format($q$
    INSERT INTO check_in_day_counts AS c (branch_office_id, day, check_ins, inside_geofence, outside_geofence)
    SELECT r.branch_office_id, (r.check_in_at AT TIME ZONE b.time_zone)::date, sum(r.sign)::int,
      coalesce(sum(r.sign) FILTER (WHERE r.inside_geofence), 0)::int, coalesce(sum(r.sign) FILTER (WHERE NOT r.inside_geofence), 0)::int
    FROM (%s) AS r
    JOIN branch_offices b ON b.id = r.branch_office_id
    GROUP BY 1, 2
    HAVING sum(r.sign) <> 0 OR coalesce(sum(r.sign) FILTER (WHERE r.inside_geofence), 0) <> 0
      OR coalesce(sum(r.sign) FILTER (WHERE NOT r.inside_geofence), 0) <> 0
    ON CONFLICT ON CONSTRAINT check_in_day_counts_key DO UPDATE SET
      check_ins = c.check_ins + excluded.check_ins,
      inside_geofence = c.inside_geofence + excluded.inside_geofence,
      outside_geofence = c.outside_geofence + excluded.outside_geofence$q$,
    CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE removed || ' UNION ALL ' || added END);
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM check_in_day_counts d
    USING (SELECT DISTINCT r.branch_office_id, (r.check_in_at AT TIME ZONE b.time_zone)::date AS day
      FROM old_rows r JOIN branch_offices b ON b.id = r.branch_office_id) k
    WHERE d.branch_office_id = k.branch_office_id AND d.day = k.day AND d.check_ins = 0 AND d.inside_geofence = 0 AND d.outside_geofence = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recounts a branch whose time zone changed (its check-ins' local days move). The SHARE lock waits
-- for the check-ins being written to commit and holds new ones until this transaction ends, so the
-- recount (each statement reads the latest committed rows) misses none and none is added twice.
CREATE FUNCTION "check_in_day_counts_zone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE check_ins IN SHARE MODE;
  DELETE FROM check_in_day_counts WHERE branch_office_id = NEW.id;
  INSERT INTO check_in_day_counts (branch_office_id, day, check_ins, inside_geofence, outside_geofence)
  SELECT c.branch_office_id, (c.check_in_at AT TIME ZONE NEW.time_zone)::date, count(*),
    count(*) FILTER (WHERE c.inside_geofence), count(*) FILTER (WHERE NOT c.inside_geofence)
  FROM check_ins c WHERE c.branch_office_id = NEW.id
  GROUP BY 1, 2;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "check_in_day_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM check_in_day_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "check_in_day_counts_insert" AFTER INSERT ON "check_ins" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION check_in_day_counts_change();
--> statement-breakpoint
CREATE TRIGGER "check_in_day_counts_update" AFTER UPDATE ON "check_ins" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION check_in_day_counts_change();
--> statement-breakpoint
CREATE TRIGGER "check_in_day_counts_delete" AFTER DELETE ON "check_ins" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION check_in_day_counts_change();
--> statement-breakpoint
CREATE TRIGGER "check_in_day_counts_truncate" AFTER TRUNCATE ON "check_ins" FOR EACH STATEMENT EXECUTE FUNCTION check_in_day_counts_truncate();
--> statement-breakpoint
CREATE TRIGGER "check_in_day_counts_zone" AFTER UPDATE OF "time_zone" ON "branch_offices" FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION check_in_day_counts_zone();
--> statement-breakpoint
-- Backfill: the counts of the check-ins already there.
INSERT INTO check_in_day_counts (branch_office_id, day, check_ins, inside_geofence, outside_geofence)
SELECT c.branch_office_id, (c.check_in_at AT TIME ZONE b.time_zone)::date, count(*),
  count(*) FILTER (WHERE c.inside_geofence), count(*) FILTER (WHERE NOT c.inside_geofence)
FROM check_ins c JOIN branch_offices b ON b.id = c.branch_office_id
GROUP BY 1, 2;
