ALTER TABLE "events" ADD COLUMN "audience" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "recipient_user_ids" integer[];