import { sql } from 'drizzle-orm';

/**
 * A person's name as rows of work show it (inspectors, action assignees): first and last name,
 * else the username, for the users row joined as `alias` (contract/personName.ts fullName in SQL).
 */
export const personNameOf = (alias: string) =>
  sql.raw(
    `coalesce(nullif(trim(${alias}.firstname || ' ' || ${alias}.lastname), ''), ${alias}.username, '')`,
  );
