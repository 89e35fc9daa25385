import { Type, type Static } from 'typebox';

/** POST tql/query (TQL.md section 12): a read-only TQL 0.1.0 query over the stored corpus. */
export const TqlQueryBody = Type.Object(
  {
    query: Type.String({
      description: 'The TQL 0.1.0 query (read-only: no -> actions)',
      maxLength: 100_000,
    }),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 5000, description: 'Most rows to return (default 500)' }),
    ),
    timeLimitMs: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 10_000,
        description: 'Time limit in ms (default 10,000)',
      }),
    ),
    files: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1 }), {
        maxItems: 1000,
        description: 'File ids: query these files only (those the caller may read)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type TqlQueryBody = Static<typeof TqlQueryBody>;

export const TqlUnitJson = Type.Object({
  file: Type.Integer(),
  timeline: Type.Object({ id: Type.Integer(), name: Type.String() }),
  component: Type.Union([Type.Integer(), Type.String()], {
    description: "The component's id, or 'bar:<count>' for a bar of the time map",
  }),
  kind: Type.String(),
  label: Type.String(),
  start: Type.Number(),
  end: Type.Number(),
  target: Type.Boolean({ description: "Whether the unit is one of the query's results" }),
});

export const TqlUnitRow = Type.Object({
  file: Type.Object({ id: Type.Integer(), title: Type.String() }),
  start: Type.Number(),
  end: Type.Number(),
  steps: Type.Array(Type.Array(TqlUnitJson), { description: 'The units of each top-level step' }),
});

export const TqlQueryResponse = Type.Object({
  grain: Type.Union([Type.Literal('units'), Type.Literal('timelines'), Type.Literal('files')]),
  rows: Type.Array(
    Type.Union([TqlUnitRow, Type.Record(Type.String(), Type.Unknown())], {
      description: 'Matches (units grain), or timelines or files of a WHERE-only query',
    }),
  ),
  warnings: Type.Array(Type.String()),
  stopped: Type.Union([Type.Null(), Type.Literal('limit'), Type.Literal('time_limit')]),
  generation: Type.Integer({ description: 'The version of the query index that answered' }),
});
export type TqlQueryResponse = Static<typeof TqlQueryResponse>;

export const TqlErrorResponse = Type.Object({
  error: Type.Union([
    Type.Literal('tql_syntax'),
    Type.Literal('tql_not_in_0_1_0'),
    Type.Literal('tql_action'),
    Type.Literal('tql_unknown_name'),
    Type.Literal('tql_ambiguous_field'),
  ]),
  message: Type.String(),
  start: Type.Integer({ description: 'Code point offset where the problem starts' }),
  end: Type.Integer({ description: 'Code point offset where it ends (start < end)' }),
});
export type TqlErrorResponse = Static<typeof TqlErrorResponse>;

/** A 400: a query that cannot be read, or a body that breaks the schema (field messages). */
export const TqlBadRequest = Type.Union([
  TqlErrorResponse,
  Type.Record(Type.String(), Type.Unknown(), { description: 'A body the schema refuses' }),
]);
