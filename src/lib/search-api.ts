import redaxios from 'redaxios';
import type {
  ComponentsQuery,
  ComponentsQueryResponse,
  FileConditions,
  FilesQueryResponse,
} from '../shared/api-types';
import type { SortDirection } from '../shared/search-fields';
import { saveTla } from './save-file';

/**
 * The browse pages' calls (SPEC.md section 7). The shared HTTP client (auth, refresh) did not
 * exist when these pages were written; these calls need no authorization, so they use redaxios
 * directly, here and nowhere else, to be switched over in one place.
 */

const API_BASE = '/api/v1/';
const TIMEOUT_MS = 5000;

function withTimeout<T>(request: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`No answer within ${TIMEOUT_MS} ms`)),
      TIMEOUT_MS,
    );
    request.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(describeFailure(error)));
      },
    );
  });
}

/** redaxios rejects with the response itself on an HTTP error; say what happened in words. */
function describeFailure(error: unknown): string {
  const response = error as { status?: number; statusText?: string; data?: unknown };
  if (typeof response?.status === 'number') {
    const body = response.data === undefined ? '' : ` ${JSON.stringify(response.data)}`;
    return `HTTP ${response.status} ${response.statusText ?? ''}${body}`.trim();
  }
  return String(error);
}

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
  const response = await withTimeout(
    redaxios.get<FilesQueryResponse>(`${API_BASE}files/query/`, {
      params: queryParams(query, paging),
    }),
  );
  return response.data;
}

export async function queryComponents(query: ComponentsQuery, paging: PageRequest) {
  const response = await withTimeout(
    redaxios.get<ComponentsQueryResponse>(`${API_BASE}components/query/`, {
      params: queryParams(query, paging),
    }),
  );
  return response.data;
}

/** components/export/: every result of a component search as one CSV file (all pages). */
export function componentsExportUrl(
  query: ComponentsQuery,
  { orderBy, direction }: Omit<PageRequest, 'page'>,
): string {
  const params = new URLSearchParams({
    query: JSON.stringify(query),
    order_by: JSON.stringify(orderBy),
    order_direction: JSON.stringify(direction),
  });
  return `${API_BASE}components/export/?${params.toString()}`;
}

/** An author's username, or '' when it cannot be had (SPEC.md: a failure yields an empty author). */
export async function fetchUsername(userId: number): Promise<string> {
  try {
    const response = await withTimeout(
      redaxios.get<{ username?: unknown }>(`${API_BASE}users/${userId}/username`),
    );
    return typeof response.data.username === 'string' ? response.data.username : '';
  } catch {
    return '';
  }
}

/** Saves a file's .tla, named after its work title. */
export async function downloadTla(fileId: number, title: string): Promise<void> {
  const response = await withTimeout(
    redaxios.get<Blob>(`${API_BASE}files/${fileId}/tla`, { responseType: 'blob' }),
  );
  saveTla(response.data, title);
}
