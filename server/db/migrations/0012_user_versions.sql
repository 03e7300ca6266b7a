CREATE TABLE "user_versions" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "user_versions_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "tenant_versions" ADD COLUMN "access" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_versions" ADD CONSTRAINT "user_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;