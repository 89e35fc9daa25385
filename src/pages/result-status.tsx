/** What a browse grid shows instead of rows while loading and after a failure. */
export function LoadingIndicator() {
  return (
    <div className="browse-status" role="status">
      <span className="spinner" aria-hidden="true" /> Loading...
    </div>
  );
}

export function ConnectionError() {
  return (
    <div className="browse-status browse-status--error" role="alert">
      Error connecting to server.
    </div>
  );
}
