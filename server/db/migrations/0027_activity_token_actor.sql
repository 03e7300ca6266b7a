-- An entry written by an API token (issue 46) names the token: actor_token_id beside the name.
-- Same rows and hash as 0023's function otherwise; the application puts the token's id into the
-- hashed material only when there is one, so every entry written before keeps its hash. A process
-- of the previous release sends no actor_token_id and writes NULL, as before.
CREATE OR REPLACE FUNCTION activity_append(p jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_tenant integer := (p->>'tenant_id')::integer;
  v_at timestamptz := (p->>'at')::timestamptz;
  v_material text := p->>'material';
  v_seq bigint;
  v_prev text;
  v_hash text;
BEGIN
  UPDATE activity_heads h
    SET seq = h.seq + 1, prev_hash = h.hash, updated_at = v_at,
      hash = encode(sha256(decode(replace(h.hash || '|' || (h.seq + 1)::text || '|' || v_material, '\', '\\'), 'escape')), 'hex')
    WHERE h.tenant_id = v_tenant
    RETURNING h.seq, h.prev_hash, h.hash INTO v_seq, v_prev, v_hash;
  IF NOT FOUND THEN
    -- The tenant's first entry; another writer may make the row meanwhile, then this follows it.
    INSERT INTO activity_heads AS h (tenant_id, seq, prev_hash, hash, updated_at)
      VALUES (v_tenant, 1, '', encode(sha256(decode(replace('|1|' || v_material, '\', '\\'), 'escape')), 'hex'), v_at)
      ON CONFLICT (tenant_id) DO UPDATE
        SET seq = h.seq + 1, prev_hash = h.hash, updated_at = excluded.updated_at,
          hash = encode(sha256(decode(replace(h.hash || '|' || (h.seq + 1)::text || '|' || v_material, '\', '\\'), 'escape')), 'hex')
      RETURNING h.seq, h.prev_hash, h.hash INTO v_seq, v_prev, v_hash;
  END IF;
  INSERT INTO activity_entries (tenant_id, seq, at, actor_id, actor_token_id, actor_name, actor_position,
    action, entity, entity_id, entity_name, changes, scope_path, ip, prev_hash, hash)
  VALUES (v_tenant, v_seq, v_at, (p->>'actor_id')::integer, (p->>'actor_token_id')::integer,
    p->>'actor_name', p->>'actor_position', p->>'action', p->>'entity', p->>'entity_id',
    p->>'entity_name', p->'changes', p->>'scope_path', p->>'ip', v_prev, v_hash);
END
$$;
