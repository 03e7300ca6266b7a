-- Kept answers are keyed by version numbers that the writing services bump in their own
-- transactions (server/lib/versions.ts), read by the guard with the session on every request.
-- The notices of 0010 and the tree-version triggers of 0005 go: a notice reached only the
-- processes listening at that moment, needed a session per connection (no connection pooler in
-- transaction mode), and made every writing transaction take PostgreSQL's one notify lock at
-- commit. The report roll-up's day marks (0009) stay: they are bookkeeping of the report tables,
-- not cache coherence, and send nothing.
DROP TRIGGER IF EXISTS hierarchy_nodes_tree_insert ON hierarchy_nodes;
--> statement-breakpoint
DROP TRIGGER IF EXISTS hierarchy_nodes_tree_update ON hierarchy_nodes;
--> statement-breakpoint
DROP TRIGGER IF EXISTS hierarchy_nodes_tree_delete ON hierarchy_nodes;
--> statement-breakpoint
DROP TRIGGER IF EXISTS workspaces_tree_insert ON workspaces;
--> statement-breakpoint
DROP TRIGGER IF EXISTS workspaces_tree_update ON workspaces;
--> statement-breakpoint
DROP TRIGGER IF EXISTS workspaces_tree_delete ON workspaces;
--> statement-breakpoint
DROP TRIGGER IF EXISTS positions_tree_insert ON positions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS positions_tree_update ON positions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS positions_tree_delete ON positions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_notify_delete ON sessions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_notify_insert ON users;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_notify_update ON users;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_notify_delete ON users;
--> statement-breakpoint
DROP TRIGGER IF EXISTS positions_notify_insert ON positions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS positions_notify_update ON positions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS positions_notify_delete ON positions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS roles_notify_update ON roles;
--> statement-breakpoint
DROP TRIGGER IF EXISTS roles_notify_delete ON roles;
--> statement-breakpoint
DROP TRIGGER IF EXISTS role_permissions_notify_insert ON role_permissions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS role_permissions_notify_update ON role_permissions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS role_permissions_notify_delete ON role_permissions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS tenant_modules_notify_insert ON tenant_modules;
--> statement-breakpoint
DROP TRIGGER IF EXISTS tenant_modules_notify_update ON tenant_modules;
--> statement-breakpoint
DROP TRIGGER IF EXISTS tenant_modules_notify_delete ON tenant_modules;
--> statement-breakpoint
DROP TRIGGER IF EXISTS settings_notify_insert ON settings;
--> statement-breakpoint
DROP TRIGGER IF EXISTS settings_notify_update ON settings;
--> statement-breakpoint
DROP TRIGGER IF EXISTS settings_notify_delete ON settings;
--> statement-breakpoint
DROP TRIGGER IF EXISTS terms_notify_insert ON terms;
--> statement-breakpoint
DROP TRIGGER IF EXISTS terms_notify_update ON terms;
--> statement-breakpoint
DROP TRIGGER IF EXISTS terms_notify_delete ON terms;
--> statement-breakpoint
DROP TRIGGER IF EXISTS theme_settings_notify_insert ON theme_settings;
--> statement-breakpoint
DROP TRIGGER IF EXISTS theme_settings_notify_update ON theme_settings;
--> statement-breakpoint
DROP TRIGGER IF EXISTS theme_settings_notify_delete ON theme_settings;
--> statement-breakpoint
DROP TRIGGER IF EXISTS profile_fields_notify_insert ON profile_fields;
--> statement-breakpoint
DROP TRIGGER IF EXISTS profile_fields_notify_update ON profile_fields;
--> statement-breakpoint
DROP TRIGGER IF EXISTS profile_fields_notify_delete ON profile_fields;
--> statement-breakpoint
DROP TRIGGER IF EXISTS profile_values_notify_insert ON profile_values;
--> statement-breakpoint
DROP TRIGGER IF EXISTS profile_values_notify_update ON profile_values;
--> statement-breakpoint
DROP TRIGGER IF EXISTS profile_values_notify_delete ON profile_values;
--> statement-breakpoint
DROP TRIGGER IF EXISTS tenants_notify_update ON tenants;
--> statement-breakpoint
DROP TRIGGER IF EXISTS tenants_notify_delete ON tenants;
--> statement-breakpoint
DROP TRIGGER IF EXISTS task_assignments_notify_insert ON task_assignments;
--> statement-breakpoint
DROP TRIGGER IF EXISTS task_submissions_notify_insert ON task_submissions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS task_acknowledgements_notify_insert ON task_acknowledgements;
--> statement-breakpoint
DROP TRIGGER IF EXISTS task_assignments_notify_update ON task_assignments;
--> statement-breakpoint
DROP TRIGGER IF EXISTS task_submissions_notify_update ON task_submissions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS task_acknowledgements_notify_update ON task_acknowledgements;
--> statement-breakpoint
DROP TRIGGER IF EXISTS task_assignments_notify_delete ON task_assignments;
--> statement-breakpoint
DROP TRIGGER IF EXISTS task_submissions_notify_delete ON task_submissions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS task_acknowledgements_notify_delete ON task_acknowledgements;
--> statement-breakpoint
DROP TRIGGER IF EXISTS tasks_notify_update ON tasks;
--> statement-breakpoint
DROP TRIGGER IF EXISTS task_types_notify_update ON task_types;
--> statement-breakpoint
DROP TRIGGER IF EXISTS task_types_notify_delete ON task_types;
--> statement-breakpoint
DROP TRIGGER IF EXISTS departments_notify_update ON departments;
--> statement-breakpoint
DROP TRIGGER IF EXISTS departments_notify_delete ON departments;
--> statement-breakpoint
DROP FUNCTION IF EXISTS bump_tree_version();
--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_tenant_change();
--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_tenant_row_change();
--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_store_change();
--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_store_child_change();
--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_task_card_change();
--> statement-breakpoint
CREATE TABLE "store_versions" (
	"tenant_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "store_versions_tenant_id_node_id_pk" PRIMARY KEY("tenant_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "tenant_versions" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"people" bigint DEFAULT 0 NOT NULL,
	"settings" bigint DEFAULT 0 NOT NULL,
	"tree" bigint DEFAULT 0 NOT NULL,
	"tasks" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_versions" ADD CONSTRAINT "store_versions_tenant_id_node_id_hierarchy_nodes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","node_id") REFERENCES "public"."hierarchy_nodes"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_versions" ADD CONSTRAINT "tenant_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "tree_version";
--> statement-breakpoint
-- Every existing tenant starts at version 0 for everything; a process started before this
-- migration keeps nothing across it (its memory is gone with the restart).
INSERT INTO "tenant_versions" ("tenant_id") SELECT "id" FROM "tenants";
