-- Narrowing a query's files in the database (server/tql/tql-narrowing.ts, docs/query.md): the
-- units of a step are found by category over the whole index, then paired by file and timeline.
-- A word finds its own category and the subtypes it heads ('bridge' finds 'bridge.modern'), so
-- the index holds each unit's categories with their heads.

-- Each category's head is what precedes its first '.'; categories are joined by a control
-- character, which no word holds, so a category holding one can be matched by no word anyway.
-- One expression of built-in functions and no subquery: the planner writes it in place, as the
-- narrowing's filters read it on many rows, and building the index calls nothing else.
CREATE FUNCTION tql_heads(categories text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT categories || string_to_array(
    regexp_replace(array_to_string(categories, E'\x01'), '\.[^\x01]*', '', 'g'), E'\x01')
$$;

CREATE INDEX tql_units_heads_idx ON tql_units USING gin (tql_heads(categories));
