import type { ReactNode } from 'react';
import type { SortDirection } from '../shared/search-fields';
import { SortableHeader } from './sortable-header';

/** A column of a browse grid: its heading and the key it sorts by. */
export type BrowseColumn = readonly [label: string, sortKey: string];

interface BrowseGridProps {
  columns: readonly BrowseColumn[];
  sort: { orderBy: string; direction: SortDirection };
  onSort: (sortKey: string) => void;
  /** Headings after the sortable columns, of columns that do not sort (VIEW, DOWNLOAD). */
  fixedHeadings?: readonly string[];
  /** The rows of the result. */
  children: ReactNode;
}

/** The result table of a browse page: sortable headings, the title column kept in view. */
export function BrowseGrid({
  columns,
  sort,
  onSort,
  fixedHeadings = [],
  children,
}: BrowseGridProps) {
  return (
    <table className="browse-grid card-rows">
      <thead>
        <tr>
          {columns.map(([label, key]) => (
            <SortableHeader
              key={key}
              label={label}
              sortKey={key}
              orderBy={sort.orderBy}
              direction={sort.direction}
              onSort={onSort}
            />
          ))}
          {fixedHeadings.map((heading) => (
            <th key={heading} scope="col" className="card-rows__fixed">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
