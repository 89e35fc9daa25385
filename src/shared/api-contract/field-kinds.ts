import { Type, type TSchema } from 'typebox';

/**
 * One of a fixed set of texts, as `{ type: 'string', enum }`: OpenAPI lists the values, and
 * fast-json-stringify writes it as a plain string instead of trying each member of a union.
 */
export function StringEnum<const Values extends readonly string[]>(
  values: Values,
  options: { description?: string } = {},
) {
  return Type.Unsafe<Values[number]>({ type: 'string', enum: [...values], ...options });
}

/** `schema` or null. */
export function Nullable<Schema extends TSchema>(schema: Schema) {
  return Type.Union([schema, Type.Null()]);
}
