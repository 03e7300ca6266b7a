ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "start_address" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_address" text;