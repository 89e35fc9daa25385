-- Desktop 0.7's Range timelines: a timeline's named rows, and each range's row and join. The
-- components search learns the kind (label, comments, row name, start, end), as it knows
-- hierarchy, marker and beat components. A timeline also remembers how many of its components
-- the web viewer does not draw (kinds of a newer desktop app), to say so.

ALTER TABLE timelines
  ADD COLUMN range_rows jsonb,
  ADD COLUMN default_row_height double precision,
  ADD COLUMN not_shown jsonb;

ALTER TABLE components
  ADD COLUMN row_id text,
  ADD COLUMN row_name text,
  ADD COLUMN joined_right bigint;

CREATE OR REPLACE FUNCTION component_search_kind(timeline_kind text, component_kind text)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN timeline_kind = 'HIERARCHY_TIMELINE' AND component_kind = 'HIERARCHY' THEN 'HIERARCHY'
    WHEN timeline_kind = 'MARKER_TIMELINE' AND component_kind = 'MARKER' THEN 'MARKER'
    WHEN timeline_kind = 'BEAT_TIMELINE' AND component_kind = 'BEAT' THEN 'BEAT'
    WHEN timeline_kind = 'RANGE_TIMELINE' AND component_kind = 'RANGE' THEN 'RANGE'
  END
$$;
