import { LARGE_OBJECT_BYTES } from './tables';

/**
 * The database functions behind the query limits, created by a server migration: the read
 * budget's gate (read-budget.ts) with the size index it reads, and, used on PGlite only, the
 * checks before each $regex match (regex-sql.ts).
 */
export const queryLimitFunctions = `
  -- The size of an object's data without reading it: the length in its (TOAST) header. Taking it
  -- needs the C function behind octet_length(bytea), which only a superuser may declare (PGlite
  -- always is); elsewhere the stored size, compressed, is the best cheap answer.
  DO $do$ BEGIN
    IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
      CREATE FUNCTION lc_object_bytes(jsonb) RETURNS int4
        LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE AS 'byteaoctetlen';
    ELSE
      CREATE FUNCTION lc_object_bytes(jsonb) RETURNS int4
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS 'SELECT pg_column_size($1)';
    END IF;
  END $do$;

  -- Existing classes get the size index new ones are created with (tables.ts).
  DO $do$ DECLARE c record; BEGIN
    FOR c IN SELECT name FROM lc_classes WHERE to_regclass(quote_ident('o_' || name)) IS NOT NULL LOOP
      EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I (lc_object_bytes(data)) WHERE lc_object_bytes(data) > %s',
        'i_' || left(md5(c.name), 16) || '_size', 'o_' || c.name, ${LARGE_OBJECT_BYTES});
    END LOOP;
  END $do$;

  -- Objects under the size index's floor are not listed: they count as that size at most.
  CREATE FUNCTION lc_read_budget(tables text[], classes text[], reads int, budget bigint)
    RETURNS boolean LANGUAGE plpgsql STABLE AS $fn$
  DECLARE
    largest bigint := 0;
    largest_class text;
    size bigint;
  BEGIN
    FOR i IN 1 .. coalesce(array_length(tables, 1), 0) LOOP
      CONTINUE WHEN to_regclass(tables[i]) IS NULL;
      EXECUTE format('SELECT max(lc_object_bytes(data)) FROM %s WHERE lc_object_bytes(data) > %s',
        tables[i], ${LARGE_OBJECT_BYTES}) INTO size;
      IF coalesce(size, 0) > largest THEN
        largest := size;
        largest_class := classes[i];
      END IF;
    END LOOP;
    IF reads * largest > budget THEN
      RAISE EXCEPTION 'the query would read objects of % bytes % times', largest, reads
        USING ERRCODE = 'SB001',
        DETAIL = json_build_object('reads', reads, 'largest', largest, 'budget', budget,
                                   'className', largest_class)::text;
    END IF;
    RETURN true;
  END $fn$;

  -- Raised like Postgres's own statement_timeout, so both answer the same way.
  CREATE FUNCTION lc_statement_timeout() RETURNS boolean LANGUAGE plpgsql AS $fn$
  BEGIN
    RAISE EXCEPTION 'canceling statement due to statement timeout' USING ERRCODE = '57014';
  END $fn$;

  CREATE FUNCTION lc_regex_too_long(bytes int, max int, field text) RETURNS boolean
    LANGUAGE plpgsql AS $fn$
  BEGIN
    RAISE EXCEPTION 'a $regex would scan % bytes, more than %', bytes, max
      USING ERRCODE = 'SB002',
      DETAIL = json_build_object('bytes', bytes, 'max', max, 'field', field)::text;
  END $fn$;
`;
