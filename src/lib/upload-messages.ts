/**
 * Turns a failed POST upload/ into the lines shown under 'Error uploading file(s)': the server's
 * reason for each bad file (DESIGN.md section 4: `{"file": ["'a.tla': not valid JSON ..."]}`),
 * field errors, or its `detail` (413, 415, 401).
 */
export function uploadFailureReasons(status: number | null, body: unknown): string[] {
  if (status === null) {
    return ['The server could not be reached. Check your connection and try again.'];
  }
  const reasons: string[] = [];
  if (body && typeof body === 'object') {
    for (const [field, value] of Object.entries(body as Record<string, unknown>)) {
      if (field === 'code') continue;
      const messages = Array.isArray(value) ? value : [value];
      for (const message of messages) {
        if (typeof message !== 'string') continue;
        reasons.push(
          field === 'file' || field === 'detail' || field === 'non_field_errors'
            ? message
            : `${field}: ${message}`,
        );
      }
    }
  }
  if (reasons.length === 0) reasons.push(`The server answered with HTTP ${status}.`);
  return reasons;
}

const uploadDateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** '2025-06-05T10:00:00Z' -> 'June 5, 2025' (SPEC.md section 2), in the browser's time zone. */
export function formatUploadDate(isoDate: string): string {
  const date = new Date(isoDate);
  return Number.isNaN(date.getTime()) ? '' : uploadDateFormat.format(date);
}

/** 1536 -> '1.5 KB': sizes in the file list of the upload form. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
