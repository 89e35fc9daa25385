-- HARMONY searches (server/search/harmony-search.repository.ts, docs/search.md) match a chord's
-- derived facts (key, numeral, quality, inversion, applied-to) by jsonb containment: one index
-- over the chords' facts serves every such condition. Partial, so the other units cost an upload
-- nothing; a chord costs about 1.4 µs on PostgreSQL and 4.5 µs on PGlite (10,000 chords, the
-- reference upload's, 14 and 45 ms). After 0020, which creates tql_units.
CREATE INDEX tql_units_chord_facts_idx ON tql_units USING gin (facts jsonb_path_ops)
  WHERE kind = 'chord';
