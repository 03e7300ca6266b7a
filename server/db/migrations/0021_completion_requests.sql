CREATE TABLE "completion_requests" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" uuid NOT NULL,
	"assignment_id" bigint NOT NULL,
	"fingerprint" text NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "completion_requests_tenant_id_user_id_client_id_pk" PRIMARY KEY("tenant_id","user_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "completion_requests" ADD CONSTRAINT "completion_requests_tenant_id_assignment_id_task_assignments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","assignment_id") REFERENCES "public"."task_assignments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;