CREATE TABLE "event_day_counts" (
	"branch_office_id" integer NOT NULL,
	"organization_id" integer,
	"day" date NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"opens" integer DEFAULT 0 NOT NULL,
	"closes" integer DEFAULT 0 NOT NULL,
	"service" integer DEFAULT 0 NOT NULL,
	"not_opened" integer DEFAULT 0 NOT NULL,
	"auto_closed" integer DEFAULT 0 NOT NULL,
	"panic" integer DEFAULT 0 NOT NULL,
	"trouble" integer DEFAULT 0 NOT NULL,
	"emergency" integer DEFAULT 0 NOT NULL,
	"security_alerts" integer DEFAULT 0 NOT NULL,
	"alarms" integer DEFAULT 0 NOT NULL,
	"first_open_at" timestamp with time zone,
	"first_open_id" bigint,
	"first_open_punctuality" text,
	"last_close_at" timestamp with time zone,
	"last_close_id" bigint,
	"last_close_punctuality" text,
	CONSTRAINT "event_day_counts_key" UNIQUE NULLS NOT DISTINCT("day","branch_office_id","organization_id")
);
--> statement-breakpoint
ALTER TABLE "event_day_counts" ADD CONSTRAINT "event_day_counts_branch_office_id_branch_offices_id_fk" FOREIGN KEY ("branch_office_id") REFERENCES "public"."branch_offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "event_day_counts_branch_idx" ON "event_day_counts" USING btree ("branch_office_id","day");
--> statement-breakpoint
-- Adds the counts of the inserted events (statement trigger, transition table new_rows).
CREATE FUNCTION "event_day_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_day_counts AS c (branch_office_id, organization_id, day, events, opens, closes, service, not_opened,
      auto_closed, panic, trouble, emergency, security_alerts, alarms, first_open_at, first_open_id, first_open_punctuality,
      last_close_at, last_close_id, last_close_punctuality)
  SELECT n.branch_office_id, n.organization_id, (n.occurred_at AT TIME ZONE b.time_zone)::date,
    count(*),
    count(*) FILTER (WHERE n.branch_action = 'Open'),
    count(*) FILTER (WHERE n.branch_action = 'Close'),
    count(*) FILTER (WHERE n.branch_action = 'Service'),
    count(*) FILTER (WHERE n.branch_action = 'Not Opened'),
    count(*) FILTER (WHERE n.branch_action = 'Close' AND n.is_closed_by_system),
    count(*) FILTER (WHERE n.branch_action ILIKE '%panic%' OR n.branch_action ILIKE '%duress%'),
    count(*) FILTER (WHERE n.notification_type = 2),
    count(*) FILTER (WHERE n.notification_type IN (10, 11, 12)),
    count(*) FILTER (WHERE n.security_alert),
    count(*) FILTER (WHERE n.kind = 'NOTIFICATION' AND (n.notification_type IN (2, 10, 11, 12, 15) OR n.security_alert)),
    (array_agg(n.occurred_at ORDER BY n.occurred_at, n.id) FILTER (WHERE n.branch_action = 'Open'))[1],
    (array_agg(n.id ORDER BY n.occurred_at, n.id) FILTER (WHERE n.branch_action = 'Open'))[1],
    (array_agg(n.punctuality ORDER BY n.occurred_at, n.id) FILTER (WHERE n.branch_action = 'Open'))[1],
    (array_agg(n.occurred_at ORDER BY n.occurred_at DESC, n.id DESC) FILTER (WHERE n.branch_action = 'Close'))[1],
    (array_agg(n.id ORDER BY n.occurred_at DESC, n.id DESC) FILTER (WHERE n.branch_action = 'Close'))[1],
    (array_agg(n.punctuality ORDER BY n.occurred_at DESC, n.id DESC) FILTER (WHERE n.branch_action = 'Close'))[1]
  FROM new_rows n JOIN branch_offices b ON b.id = n.branch_office_id
  WHERE n.kind IN ('BRANCH_ACTION', 'NOTIFICATION') AND NOT n.is_test_notification
  GROUP BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT event_day_counts_key DO UPDATE SET
    events = c.events + excluded.events,
    opens = c.opens + excluded.opens,
    closes = c.closes + excluded.closes,
    service = c.service + excluded.service,
    not_opened = c.not_opened + excluded.not_opened,
    auto_closed = c.auto_closed + excluded.auto_closed,
    panic = c.panic + excluded.panic,
    trouble = c.trouble + excluded.trouble,
    emergency = c.emergency + excluded.emergency,
    security_alerts = c.security_alerts + excluded.security_alerts,
    alarms = c.alarms + excluded.alarms,
    first_open_at = CASE WHEN excluded.first_open_id IS NOT NULL AND (c.first_open_id IS NULL OR (excluded.first_open_at, excluded.first_open_id) < (c.first_open_at, c.first_open_id)) THEN excluded.first_open_at ELSE c.first_open_at END,
    first_open_id = CASE WHEN excluded.first_open_id IS NOT NULL AND (c.first_open_id IS NULL OR (excluded.first_open_at, excluded.first_open_id) < (c.first_open_at, c.first_open_id)) THEN excluded.first_open_id ELSE c.first_open_id END,
    first_open_punctuality = CASE WHEN excluded.first_open_id IS NOT NULL AND (c.first_open_id IS NULL OR (excluded.first_open_at, excluded.first_open_id) < (c.first_open_at, c.first_open_id)) THEN excluded.first_open_punctuality ELSE c.first_open_punctuality END,
    last_close_at = CASE WHEN excluded.last_close_id IS NOT NULL AND (c.last_close_id IS NULL OR (excluded.last_close_at, excluded.last_close_id) > (c.last_close_at, c.last_close_id)) THEN excluded.last_close_at ELSE c.last_close_at END,
    last_close_id = CASE WHEN excluded.last_close_id IS NOT NULL AND (c.last_close_id IS NULL OR (excluded.last_close_at, excluded.last_close_id) > (c.last_close_at, c.last_close_id)) THEN excluded.last_close_id ELSE c.last_close_id END,
    last_close_punctuality = CASE WHEN excluded.last_close_id IS NOT NULL AND (c.last_close_id IS NULL OR (excluded.last_close_at, excluded.last_close_id) > (c.last_close_at, c.last_close_id)) THEN excluded.last_close_punctuality ELSE c.last_close_punctuality END;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recounts from `events` the rows of the given branches (all their days when p_days is null, else
-- those (branch, day) pairs, matched by position) of every organisation. Takes the event-log lock
-- (AdvisoryLock.EventLog) first, so that no event write is under way meanwhile: the recount then
-- sees every committed event, and writes that follow add to the recounted rows.
CREATE FUNCTION "event_day_counts_recount"(p_branches integer[], p_days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7316412);
  DELETE FROM event_day_counts c
  USING unnest(p_branches, p_days) AS k(branch_office_id, day)
  WHERE c.branch_office_id = k.branch_office_id AND (k.day IS NULL OR c.day = k.day);
  INSERT INTO event_day_counts (branch_office_id, organization_id, day, events, opens, closes, service, not_opened,
      auto_closed, panic, trouble, emergency, security_alerts, alarms, first_open_at, first_open_id, first_open_punctuality,
      last_close_at, last_close_id, last_close_punctuality)
  SELECT e.branch_office_id, e.organization_id, (e.occurred_at AT TIME ZONE b.time_zone)::date,
    count(*),
    count(*) FILTER (WHERE e.branch_action = 'Open'),
    count(*) FILTER (WHERE e.branch_action = 'Close'),
    count(*) FILTER (WHERE e.branch_action = 'Service'),
    count(*) FILTER (WHERE e.branch_action = 'Not Opened'),
    count(*) FILTER (WHERE e.branch_action = 'Close' AND e.is_closed_by_system),
    count(*) FILTER (WHERE e.branch_action ILIKE '%panic%' OR e.branch_action ILIKE '%duress%'),
    count(*) FILTER (WHERE e.notification_type = 2),
    count(*) FILTER (WHERE e.notification_type IN (10, 11, 12)),
    count(*) FILTER (WHERE e.security_alert),
    count(*) FILTER (WHERE e.kind = 'NOTIFICATION' AND (e.notification_type IN (2, 10, 11, 12, 15) OR e.security_alert)),
    (array_agg(e.occurred_at ORDER BY e.occurred_at, e.id) FILTER (WHERE e.branch_action = 'Open'))[1],
    (array_agg(e.id ORDER BY e.occurred_at, e.id) FILTER (WHERE e.branch_action = 'Open'))[1],
    (array_agg(e.punctuality ORDER BY e.occurred_at, e.id) FILTER (WHERE e.branch_action = 'Open'))[1],
    (array_agg(e.occurred_at ORDER BY e.occurred_at DESC, e.id DESC) FILTER (WHERE e.branch_action = 'Close'))[1],
    (array_agg(e.id ORDER BY e.occurred_at DESC, e.id DESC) FILTER (WHERE e.branch_action = 'Close'))[1],
    (array_agg(e.punctuality ORDER BY e.occurred_at DESC, e.id DESC) FILTER (WHERE e.branch_action = 'Close'))[1]
  FROM events e JOIN branch_offices b ON b.id = e.branch_office_id
  JOIN (SELECT DISTINCT * FROM unnest(p_branches, p_days)) AS k(branch_office_id, day) ON k.branch_office_id = e.branch_office_id
  WHERE e.kind IN ('BRANCH_ACTION', 'NOTIFICATION') AND NOT e.is_test_notification
    AND (k.day IS NULL OR (e.occurred_at >= (k.day - 1)::timestamp AT TIME ZONE 'UTC' AND e.occurred_at < (k.day + 2)::timestamp AT TIME ZONE 'UTC'
      AND (e.occurred_at AT TIME ZONE b.time_zone)::date = k.day))
  GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
-- Recounts the (branch, day) rows of the updated or deleted events (statement trigger; old_rows and, for an update, new_rows).
CREATE FUNCTION "event_day_counts_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  branches integer[];
  days date[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(k.branch_office_id), array_agg(k.day) INTO branches, days FROM (
      SELECT DISTINCT r.branch_office_id, (r.occurred_at AT TIME ZONE b.time_zone)::date AS day
      FROM (SELECT branch_office_id, occurred_at FROM old_rows UNION ALL SELECT branch_office_id, occurred_at FROM new_rows) r
      JOIN branch_offices b ON b.id = r.branch_office_id) k;
  ELSE
    SELECT array_agg(k.branch_office_id), array_agg(k.day) INTO branches, days FROM (
      SELECT DISTINCT r.branch_office_id, (r.occurred_at AT TIME ZONE b.time_zone)::date AS day
      FROM old_rows r JOIN branch_offices b ON b.id = r.branch_office_id) k;
  END IF;
  IF branches IS NOT NULL THEN
    PERFORM event_day_counts_recount(branches, days);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recounts a branch whose time zone changed (its events' local days move).
CREATE FUNCTION "event_day_counts_zone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM event_day_counts_recount(ARRAY[NEW.id], ARRAY[NULL::date]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "event_day_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM event_day_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "event_day_counts_insert" AFTER INSERT ON "events" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_day_counts_add();
--> statement-breakpoint
CREATE TRIGGER "event_day_counts_update" AFTER UPDATE ON "events" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_day_counts_change();
--> statement-breakpoint
CREATE TRIGGER "event_day_counts_delete" AFTER DELETE ON "events" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION event_day_counts_change();
--> statement-breakpoint
CREATE TRIGGER "event_day_counts_truncate" AFTER TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION event_day_counts_truncate();
--> statement-breakpoint
CREATE TRIGGER "event_day_counts_zone" AFTER UPDATE OF "time_zone" ON "branch_offices" FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION event_day_counts_zone();
--> statement-breakpoint
-- Backfill: the counts of the events already there.
INSERT INTO event_day_counts (branch_office_id, organization_id, day, events, opens, closes, service, not_opened,
    auto_closed, panic, trouble, emergency, security_alerts, alarms, first_open_at, first_open_id, first_open_punctuality,
    last_close_at, last_close_id, last_close_punctuality)
SELECT e.branch_office_id, e.organization_id, (e.occurred_at AT TIME ZONE b.time_zone)::date,
  count(*),
  count(*) FILTER (WHERE e.branch_action = 'Open'),
  count(*) FILTER (WHERE e.branch_action = 'Close'),
  count(*) FILTER (WHERE e.branch_action = 'Service'),
  count(*) FILTER (WHERE e.branch_action = 'Not Opened'),
  count(*) FILTER (WHERE e.branch_action = 'Close' AND e.is_closed_by_system),
  count(*) FILTER (WHERE e.branch_action ILIKE '%panic%' OR e.branch_action ILIKE '%duress%'),
  count(*) FILTER (WHERE e.notification_type = 2),
  count(*) FILTER (WHERE e.notification_type IN (10, 11, 12)),
  count(*) FILTER (WHERE e.security_alert),
  count(*) FILTER (WHERE e.kind = 'NOTIFICATION' AND (e.notification_type IN (2, 10, 11, 12, 15) OR e.security_alert)),
  (array_agg(e.occurred_at ORDER BY e.occurred_at, e.id) FILTER (WHERE e.branch_action = 'Open'))[1],
  (array_agg(e.id ORDER BY e.occurred_at, e.id) FILTER (WHERE e.branch_action = 'Open'))[1],
  (array_agg(e.punctuality ORDER BY e.occurred_at, e.id) FILTER (WHERE e.branch_action = 'Open'))[1],
  (array_agg(e.occurred_at ORDER BY e.occurred_at DESC, e.id DESC) FILTER (WHERE e.branch_action = 'Close'))[1],
  (array_agg(e.id ORDER BY e.occurred_at DESC, e.id DESC) FILTER (WHERE e.branch_action = 'Close'))[1],
  (array_agg(e.punctuality ORDER BY e.occurred_at DESC, e.id DESC) FILTER (WHERE e.branch_action = 'Close'))[1]
FROM events e JOIN branch_offices b ON b.id = e.branch_office_id
WHERE e.kind IN ('BRANCH_ACTION', 'NOTIFICATION') AND NOT e.is_test_notification
GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE INDEX "events_summary_alerts_idx" ON "events" USING btree ("occurred_at","id","organization_id","branch_office_id") WHERE "events"."kind" in ('BRANCH_ACTION', 'NOTIFICATION') and not "events"."is_test_notification" and ("events"."notification_type" in (2, 10, 11, 12) or "events"."security_alert" or "events"."branch_action" in ('Not Opened', 'Not Closed') or "events"."branch_action" ilike '%panic%' or "events"."branch_action" ilike '%duress%');
