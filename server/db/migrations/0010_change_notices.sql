-- Each API process keeps what every signed-in request needs — the guard's session, user,
-- positions and permissions, verify's answer (terms, settings, theme, profile), the user list's
-- pages, a store's day in My Tasks — in memory per tenant (server/lib/tenantMemo.ts), so a
-- request costs no query for them. Every write to those tables
-- tells the processes which tenant changed: a notice on channel storeline_changes, with the
-- tenant's id, sent when the writing transaction commits (PostgreSQL folds a transaction's equal
-- notices into one). A process forgets that tenant's entries when the notice arrives; a process
-- that loses its listening connection forgets everything and reads the database until it listens
-- again. Sessions notify on delete only: a touch (last seen, expiry) is the guard's own write and
-- changes nothing it decides on. Hierarchy nodes and positions also bump tenants.tree_version
-- (0005), which updates the tenant row, which notifies. A store's assignments, their submissions
-- and acknowledgements notify `<tenant>:<store>`, so a completion forgets that store's day only;
-- what every card shows of a task, its type or its department notifies the tenant.
CREATE FUNCTION notify_tenant_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('storeline_changes', t::text) FROM (SELECT DISTINCT tenant_id AS t FROM old_rows) c;
  ELSE
    PERFORM pg_notify('storeline_changes', t::text) FROM (SELECT DISTINCT tenant_id AS t FROM new_rows) c;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION notify_tenant_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('storeline_changes', t::text) FROM (SELECT DISTINCT id AS t FROM old_rows) c;
  ELSE
    PERFORM pg_notify('storeline_changes', t::text) FROM (SELECT DISTINCT id AS t FROM new_rows) c;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_delete AFTER DELETE ON sessions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER users_notify_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER users_notify_update AFTER UPDATE ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER users_notify_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER positions_notify_insert AFTER INSERT ON positions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER positions_notify_update AFTER UPDATE ON positions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER positions_notify_delete AFTER DELETE ON positions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER roles_notify_update AFTER UPDATE ON roles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER roles_notify_delete AFTER DELETE ON roles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER role_permissions_notify_insert AFTER INSERT ON role_permissions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER role_permissions_notify_update AFTER UPDATE ON role_permissions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER role_permissions_notify_delete AFTER DELETE ON role_permissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER tenant_modules_notify_insert AFTER INSERT ON tenant_modules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER tenant_modules_notify_update AFTER UPDATE ON tenant_modules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER tenant_modules_notify_delete AFTER DELETE ON tenant_modules REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER settings_notify_insert AFTER INSERT ON settings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER settings_notify_update AFTER UPDATE ON settings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER settings_notify_delete AFTER DELETE ON settings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER terms_notify_insert AFTER INSERT ON terms REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER terms_notify_update AFTER UPDATE ON terms REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER terms_notify_delete AFTER DELETE ON terms REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER theme_settings_notify_insert AFTER INSERT ON theme_settings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER theme_settings_notify_update AFTER UPDATE ON theme_settings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER theme_settings_notify_delete AFTER DELETE ON theme_settings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER profile_fields_notify_insert AFTER INSERT ON profile_fields REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER profile_fields_notify_update AFTER UPDATE ON profile_fields REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER profile_fields_notify_delete AFTER DELETE ON profile_fields REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER profile_values_notify_insert AFTER INSERT ON profile_values REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER profile_values_notify_update AFTER UPDATE ON profile_values REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER profile_values_notify_delete AFTER DELETE ON profile_values REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER tenants_notify_update AFTER UPDATE ON tenants REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_row_change();
--> statement-breakpoint
CREATE TRIGGER tenants_notify_delete AFTER DELETE ON tenants REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_row_change();
--> statement-breakpoint
CREATE FUNCTION notify_store_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('storeline_changes', t || ':' || w)
    FROM (SELECT DISTINCT tenant_id AS t, workspace_node_id AS w FROM old_rows) c;
  ELSE
    PERFORM pg_notify('storeline_changes', t || ':' || w)
    FROM (SELECT DISTINCT tenant_id AS t, workspace_node_id AS w FROM new_rows) c;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION notify_store_child_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('storeline_changes', t || ':' || w) FROM (
      SELECT DISTINCT a.tenant_id AS t, a.workspace_node_id AS w
      FROM old_rows c JOIN task_assignments a ON a.tenant_id = c.tenant_id AND a.id = c.assignment_id) x;
  ELSE
    PERFORM pg_notify('storeline_changes', t || ':' || w) FROM (
      SELECT DISTINCT a.tenant_id AS t, a.workspace_node_id AS w
      FROM new_rows c JOIN task_assignments a ON a.tenant_id = c.tenant_id AND a.id = c.assignment_id) x;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A task's own columns a card shows; the tasks row also changes for reasons no card shows.
CREATE FUNCTION notify_task_card_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('storeline_changes', t::text) FROM (
    SELECT DISTINCT n.tenant_id AS t FROM old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id
    WHERE (o.title, o.type_id, o.department_id, o.estimated_minutes, o.checklist, o.evidence_comment,
        o.evidence_photos, o.evidence_files, o.approval)
      IS DISTINCT FROM (n.title, n.type_id, n.department_id, n.estimated_minutes, n.checklist,
        n.evidence_comment, n.evidence_photos, n.evidence_files, n.approval)) c;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER task_assignments_notify_insert AFTER INSERT ON task_assignments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER task_submissions_notify_insert AFTER INSERT ON task_submissions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_store_child_change();
--> statement-breakpoint
CREATE TRIGGER task_acknowledgements_notify_insert AFTER INSERT ON task_acknowledgements REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_store_child_change();
--> statement-breakpoint
CREATE TRIGGER task_assignments_notify_update AFTER UPDATE ON task_assignments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER task_submissions_notify_update AFTER UPDATE ON task_submissions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_store_child_change();
--> statement-breakpoint
CREATE TRIGGER task_acknowledgements_notify_update AFTER UPDATE ON task_acknowledgements REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_store_child_change();
--> statement-breakpoint
CREATE TRIGGER task_assignments_notify_delete AFTER DELETE ON task_assignments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER task_submissions_notify_delete AFTER DELETE ON task_submissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_store_child_change();
--> statement-breakpoint
CREATE TRIGGER task_acknowledgements_notify_delete AFTER DELETE ON task_acknowledgements REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_store_child_change();
--> statement-breakpoint
CREATE TRIGGER tasks_notify_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_task_card_change();
--> statement-breakpoint
CREATE TRIGGER task_types_notify_update AFTER UPDATE ON task_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER task_types_notify_delete AFTER DELETE ON task_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER departments_notify_update AFTER UPDATE ON departments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER departments_notify_delete AFTER DELETE ON departments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_change();
