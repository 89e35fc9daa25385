/**
 * The media type the viewer asks files/{id}/json for to get the prepared payload
 * (prepared-payload.ts); a module of its own so that the page can name it without the layout code.
 */
export const PREPARED_PAYLOAD_TYPE = 'application/vnd.tilia.prepared-viewer-file';
