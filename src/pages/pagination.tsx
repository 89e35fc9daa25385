import { MAX_PAGE, SEARCH_PAGE_SIZE, pageCount, servedPageCount } from '../shared/search-fields';
import { pageWindow } from '../lib/search-url';

interface PaginationProps {
  count: number;
  page: number;
  onPage: (page: number) => void;
}

/**
 * Page numbers below a browse grid. ceil(count / 15) pages, at least one: SPEC.md's
 * floor(count / 15) + 1 would offer an empty page whenever the count is a multiple of 15. No
 * deeper than the server serves (MAX_PAGE), with a note when that cuts the results short.
 */
export function Pagination({ count, page, onPage }: PaginationProps) {
  const total = servedPageCount(count);
  const cut = pageCount(count) > total;
  return (
    <nav className="pagination" aria-label="Result pages">
      <button
        type="button"
        className="pagination__step"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label="Previous page"
      >
        ‹
      </button>
      {pageWindow(Math.min(page, total), total).map((number, index) =>
        number === null ? (
          <span key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={number}
            type="button"
            className="pagination__page"
            aria-current={number === page ? 'page' : undefined}
            aria-label={`Page ${number}`}
            onClick={() => onPage(number)}
          >
            {number}
          </button>
        ),
      )}
      <button
        type="button"
        className="pagination__step"
        disabled={page >= total}
        onClick={() => onPage(page + 1)}
        aria-label="Next page"
      >
        ›
      </button>
      {cut && (
        <p className="pagination__note">
          The first {(MAX_PAGE * SEARCH_PAGE_SIZE).toLocaleString('en-US')} results have pages:
          narrow the search, or reverse the sort, to see the rest.
        </p>
      )}
    </nav>
  );
}
