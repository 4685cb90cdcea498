CREATE INDEX "events_activity_time_idx" ON "events" USING btree ("occurred_at","id","organization_id","branch_office_id") WHERE "events"."kind" in ('BRANCH_ACTION', 'NOTIFICATION');
--> statement-breakpoint
CREATE INDEX "check_ins_time_idx" ON "check_ins" USING btree ("check_in_at" DESC NULLS LAST,"id" DESC,"branch_office_id");
--> statement-breakpoint
CREATE INDEX "tasks_branch_action_event_idx" ON "tasks" USING btree ("branch_action_event_id") WHERE "tasks"."branch_action_event_id" is not null;
