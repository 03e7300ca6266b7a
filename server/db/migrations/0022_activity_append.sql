-- Appending an administration log entry (server/lib/activity.ts appendEntry) in one call whose
-- statements' plans the session keeps: sent as one ad-hoc statement, the upsert-and-insert was
-- parsed and planned at every write, which was most of what the log added to a light write
-- (issue 32, goal ≤ 10 %). The head row is updated first and inserted only for a tenant's first
-- entry, so the hash is computed once. The hash is the same as before: SHA-256 of
-- "previous hash|sequence number|entry" over the UTF-8 bytes (decode of the text with its
-- backslashes escaped, through immutable functions only, as Citus requires on a shard).
CREATE FUNCTION activity_append(
  p_tenant integer, p_at timestamptz, p_material text, p_actor_id integer, p_actor_name text,
  p_actor_position text, p_action text, p_entity text, p_entity_id text, p_entity_name text,
  p_changes jsonb, p_scope_path text, p_ip text
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_seq bigint;
  v_prev text;
  v_hash text;
BEGIN
  UPDATE activity_heads h
    SET seq = h.seq + 1, prev_hash = h.hash, updated_at = p_at,
      hash = encode(sha256(decode(replace(h.hash || '|' || (h.seq + 1)::text || '|' || p_material, '\', '\\'), 'escape')), 'hex')
    WHERE h.tenant_id = p_tenant
    RETURNING h.seq, h.prev_hash, h.hash INTO v_seq, v_prev, v_hash;
  IF NOT FOUND THEN
    -- The tenant's first entry; another writer may make the row meanwhile, then this follows it.
    INSERT INTO activity_heads AS h (tenant_id, seq, prev_hash, hash, updated_at)
      VALUES (p_tenant, 1, '', encode(sha256(decode(replace('|1|' || p_material, '\', '\\'), 'escape')), 'hex'), p_at)
      ON CONFLICT (tenant_id) DO UPDATE
        SET seq = h.seq + 1, prev_hash = h.hash, updated_at = excluded.updated_at,
          hash = encode(sha256(decode(replace(h.hash || '|' || (h.seq + 1)::text || '|' || p_material, '\', '\\'), 'escape')), 'hex')
      RETURNING h.seq, h.prev_hash, h.hash INTO v_seq, v_prev, v_hash;
  END IF;
  INSERT INTO activity_entries (tenant_id, seq, at, actor_id, actor_name, actor_position, action,
    entity, entity_id, entity_name, changes, scope_path, ip, prev_hash, hash)
  VALUES (p_tenant, v_seq, p_at, p_actor_id, p_actor_name, p_actor_position, p_action, p_entity,
    p_entity_id, p_entity_name, p_changes, p_scope_path, p_ip, v_prev, v_hash);
END
$$;
