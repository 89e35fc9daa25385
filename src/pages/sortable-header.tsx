import type { SortDirection } from '../shared/search-fields';

interface SortableHeaderProps {
  label: string;
  sortKey: string;
  orderBy: string;
  direction: SortDirection;
  onSort: (sortKey: string) => void;
}

/** A column heading that sorts by its key; the arrow shows the direction of the active one. */
export function SortableHeader({
  label,
  sortKey,
  orderBy,
  direction,
  onSort,
}: SortableHeaderProps) {
  const active = sortKey === orderBy;
  const ariaSort = active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={ariaSort}>
      <button type="button" className="sort-button" onClick={() => onSort(sortKey)}>
        {label}
        <span className="sort-arrow" aria-hidden="true">
          {active ? (direction === 'asc' ? '▲' : '▼') : ''}
        </span>
      </button>
    </th>
  );
}

/** SPEC.md section 4: a new column starts ascending, the same column toggles. */
export function nextSort(orderBy: string, direction: SortDirection, clicked: string) {
  if (clicked !== orderBy) return { orderBy: clicked, direction: 'asc' as const };
  return { orderBy, direction: direction === 'asc' ? ('desc' as const) : ('asc' as const) };
}
