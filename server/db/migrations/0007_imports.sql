CREATE TABLE "import_files" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "import_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"filename" text NOT NULL,
	"format" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"rows" integer NOT NULL,
	"state" text DEFAULT 'uploaded' NOT NULL,
	"report" jsonb,
	"scope_path" text NOT NULL,
	"uploaded_by" integer NOT NULL,
	"uploaded_by_name" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_files_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "import_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"file_id" integer NOT NULL,
	"mode" text NOT NULL,
	"create_containers" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"containers_created" integer DEFAULT 0 NOT NULL,
	"message" text,
	"result_key" text,
	"started_by" integer NOT NULL,
	"started_by_name" text NOT NULL,
	"position_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_runs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_tenant_id_file_id_import_files_tenant_id_id_fk" FOREIGN KEY ("tenant_id","file_id") REFERENCES "public"."import_files"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_files_name_uq" ON "import_files" USING btree ("tenant_id","kind",lower("filename"));--> statement-breakpoint
CREATE INDEX "import_runs_file_idx" ON "import_runs" USING btree ("tenant_id","file_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "import_runs_one_active_uq" ON "import_runs" USING btree ("tenant_id","file_id") WHERE "import_runs"."state" IN ('queued', 'running');