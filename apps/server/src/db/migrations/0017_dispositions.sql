ALTER TABLE "organizations" ADD COLUMN "alarm_dispositions" jsonb DEFAULT '["false-alarm","test","police-dispatched","resolved-on-site"]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "alarm_acknowledgements" ADD COLUMN "disposition" text;
--> statement-breakpoint
ALTER TABLE "alarm_acknowledgements" ADD COLUMN "note" text;
