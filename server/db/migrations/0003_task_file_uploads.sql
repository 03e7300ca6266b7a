CREATE TABLE "task_file_uploads" (
	"tenant_id" integer NOT NULL,
	"hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_file_uploads_tenant_id_hash_user_id_pk" PRIMARY KEY("tenant_id","hash","user_id")
);
--> statement-breakpoint
ALTER TABLE "task_file_uploads" ADD CONSTRAINT "task_file_uploads_tenant_id_hash_task_files_tenant_id_hash_fk" FOREIGN KEY ("tenant_id","hash") REFERENCES "public"."task_files"("tenant_id","hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Every file uploaded so far belongs to the person who first uploaded it.
INSERT INTO "task_file_uploads" ("tenant_id", "hash", "user_id", "created_at") SELECT "tenant_id", "hash", "uploaded_by", "created_at" FROM "task_files" ON CONFLICT DO NOTHING;
