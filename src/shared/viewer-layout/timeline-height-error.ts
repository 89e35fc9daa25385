export const TIMELINE_HEIGHT_ERROR = "Can't determine timeline height.";

/** Raised for a hierarchy timeline that carries neither height nor level_height (SPEC.md 5). */
export class TimelineHeightError extends Error {
  override readonly name = 'TimelineHeightError';
  constructor() {
    super(TIMELINE_HEIGHT_ERROR);
  }
}
