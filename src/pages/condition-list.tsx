import { useId } from 'react';

/** One editable search condition; `key` only keeps React's rows apart. */
export interface DraftCondition {
  key: number;
  property: string;
  value: string;
}

let nextKey = 1;
export const draftCondition = (property: string, value = ''): DraftCondition => ({
  key: nextKey++,
  property,
  value,
});

interface ConditionListProps {
  /** 'File conditions', 'Component conditions': names the group for assistive technology. */
  legend: string;
  /** The properties on offer, in order; a new condition takes the first (SPEC.md section 5). */
  properties: readonly string[];
  conditions: DraftCondition[];
  onChange: (conditions: DraftCondition[]) => void;
  /** A hint under the value box for this property, e.g. how to write a time. */
  placeholderFor?: (property: string) => string;
}

const propertyLabel = (property: string) =>
  property.charAt(0).toUpperCase() + property.slice(1).replace(/_/g, ' ');

/** The condition rows (property, value, Remove) and 'Add condition...'. */
export function ConditionList({
  legend,
  properties,
  conditions,
  onChange,
  placeholderFor,
}: ConditionListProps) {
  const id = useId();
  const update = (key: number, change: Partial<DraftCondition>) =>
    onChange(conditions.map((c) => (c.key === key ? { ...c, ...change } : c)));
  return (
    <fieldset className="condition-list">
      <legend>{legend}</legend>
      {conditions.map((condition, index) => (
        <div className="condition-row" key={condition.key}>
          <label className="visually-hidden" htmlFor={`${id}-property-${condition.key}`}>
            {`${legend}: property of condition ${index + 1}`}
          </label>
          <select
            id={`${id}-property-${condition.key}`}
            value={condition.property}
            onChange={(event) => update(condition.key, { property: event.target.value })}
          >
            {properties.map((property) => (
              <option key={property} value={property}>
                {propertyLabel(property)}
              </option>
            ))}
          </select>
          <label className="visually-hidden" htmlFor={`${id}-value-${condition.key}`}>
            {`${legend}: value of condition ${index + 1}`}
          </label>
          <input
            id={`${id}-value-${condition.key}`}
            type="text"
            value={condition.value}
            placeholder={placeholderFor?.(condition.property) ?? 'contains...'}
            onChange={(event) => update(condition.key, { value: event.target.value })}
          />
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onChange(conditions.filter((c) => c.key !== condition.key))}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => onChange([...conditions, draftCondition(properties[0] ?? '')])}
      >
        Add condition...
      </button>
    </fieldset>
  );
}
