import type { ViewerHeader } from '../shared/viewer-layout/viewer-document';

/**
 * Says in the console what the viewer leaves out of a file (SPEC.md section 8: an unrecognised
 * timeline kind is a console warning; so is what an odd Score timeline loses), once per load.
 */
export function warnAboutOmissions(header: ViewerHeader): void {
  for (const skipped of header.skipped) {
    console.warn(
      `Timeline '${skipped.name}' has the kind '${skipped.kind}', which the viewer does not draw.`,
    );
  }
  for (const problem of header.problems) console.warn(problem);
}
