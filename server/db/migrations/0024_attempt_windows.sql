CREATE SCHEMA "limits";
--> statement-breakpoint
CREATE TABLE "limits"."attempt_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
