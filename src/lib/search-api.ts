import type {
  ComponentsQuery,
  ComponentsQueryResponse,
  FileConditions,
  FilesQueryResponse,
} from '../shared/api-types';
import type { SortDirection } from '../shared/search-fields';
import { apiGet, apiUrl } from './api-client';

/** The browse pages' calls (SPEC.md section 7), through the app's HTTP client. */

export interface PageRequest {
  orderBy: string;
  direction: SortDirection;
  page: number;
}

/** Every parameter JSON-encoded (DESIGN.md section 4). */
const queryParams = (query: unknown, { orderBy, direction, page }: PageRequest) => ({
  query: JSON.stringify(query),
  order_by: JSON.stringify(orderBy),
  order_direction: JSON.stringify(direction),
  page: JSON.stringify(page),
});

export async function queryFiles(query: FileConditions, paging: PageRequest) {
  const response = await apiGet<FilesQueryResponse>('files/query/', {
    params: queryParams(query, paging),
  });
  return response.data;
}

export async function queryComponents(query: ComponentsQuery, paging: PageRequest) {
  const response = await apiGet<ComponentsQueryResponse>('components/query/', {
    params: queryParams(query, paging),
  });
  return response.data;
}

/**
 * components/export/: every result of a component search as one CSV file (all pages). A link the
 * browser follows, not a request of the app's: the export streams rows for as long as it takes,
 * past any time limit, and needs no account (it lists public files only), so a session that has
 * ended cannot stop it.
 */
export function componentsExportUrl(
  query: ComponentsQuery,
  { orderBy, direction }: Omit<PageRequest, 'page'>,
): string {
  return apiUrl('components/export/', {
    query: JSON.stringify(query),
    order_by: JSON.stringify(orderBy),
    order_direction: JSON.stringify(direction),
  });
}

/** An author's username, or '' when it cannot be had (SPEC.md: a failure yields an empty author). */
export async function fetchUsername(userId: number): Promise<string> {
  try {
    const response = await apiGet<{ username?: unknown }>(`users/${userId}/username`, {
      quiet: true,
    });
    return typeof response.data.username === 'string' ? response.data.username : '';
  } catch {
    return '';
  }
}
