-- Narrowing a query's files in the database (server/tql/tql-narrowing.ts, docs/query.md): the
-- units of a step are found by category over the whole index, then paired by file and timeline.
-- A word finds its own category and the subtypes it heads ('bridge' finds 'bridge.modern'), so
-- the index holds each unit's categories with their heads.

CREATE FUNCTION tql_heads(categories text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT categories || ARRAY(SELECT split_part(c, '.', 1) FROM unnest(categories) AS c
    WHERE strpos(c, '.') > 0)
$$;

CREATE INDEX tql_units_heads_idx ON tql_units USING gin (tql_heads(categories));
