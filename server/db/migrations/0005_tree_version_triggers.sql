-- Every write to what the hierarchy tree shows (nodes, workspace objects, positions for the head
-- counts) bumps tenants.tree_version in the writing transaction, so every process can tell that
-- its cached tree is stale. Statement-level: a subtree move or bulk insert bumps once per tenant.
CREATE FUNCTION bump_tree_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE tenants SET tree_version = tree_version + 1 WHERE id IN (SELECT DISTINCT tenant_id FROM old_rows);
  ELSE
    UPDATE tenants SET tree_version = tree_version + 1 WHERE id IN (SELECT DISTINCT tenant_id FROM new_rows);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER hierarchy_nodes_tree_insert AFTER INSERT ON hierarchy_nodes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_tree_version();
--> statement-breakpoint
CREATE TRIGGER hierarchy_nodes_tree_update AFTER UPDATE ON hierarchy_nodes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_tree_version();
--> statement-breakpoint
CREATE TRIGGER hierarchy_nodes_tree_delete AFTER DELETE ON hierarchy_nodes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_tree_version();
--> statement-breakpoint
CREATE TRIGGER workspaces_tree_insert AFTER INSERT ON workspaces REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_tree_version();
--> statement-breakpoint
CREATE TRIGGER workspaces_tree_update AFTER UPDATE ON workspaces REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_tree_version();
--> statement-breakpoint
CREATE TRIGGER workspaces_tree_delete AFTER DELETE ON workspaces REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_tree_version();
--> statement-breakpoint
CREATE TRIGGER positions_tree_insert AFTER INSERT ON positions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_tree_version();
--> statement-breakpoint
CREATE TRIGGER positions_tree_update AFTER UPDATE ON positions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_tree_version();
--> statement-breakpoint
CREATE TRIGGER positions_tree_delete AFTER DELETE ON positions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_tree_version();
