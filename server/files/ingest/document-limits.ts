import type { TlaDocument } from '../../../src/shared/tla/tla-model';
import { workFields } from '../../../src/shared/tla/work-fields';

/**
 * The longest text, in characters (UTF-16 code units, as JavaScript counts them), that a
 * searchable field may hold: a work's title, composer and performer, and the label, comments,
 * colour, formal function and formal type of hierarchy and marker components.
 *
 * Search sorts on these texts through btree indexes of `lower(text)` (migrations 0003 and 0005),
 * and a btree entry cannot exceed 2,704 bytes: a longer text made the INSERT (or, for a private
 * file, the later PATCH that made it public) fail with a 500. A code unit is at most 3 bytes of
 * UTF-8, before and after lower() (a character outside the BMP is two units and 4 bytes), so 800
 * units stay under 2,400 bytes, whatever the script. Indexing a bounded prefix instead would lift
 * the limit, but would change the order of texts that share that prefix, the keys the search's
 * index walks and CSV export's keyset use, and the title sort that the natural-sort work owns.
 */
export const MAX_TEXT_LENGTH = 800;

/** A field of a document that breaks a limit, or null: the message names the file and field. */
export function documentLimitFault(document: TlaDocument, maxComponents: number): string | null {
  const components = document.timelines.reduce(
    (sum, timeline) => sum + timeline.components.length,
    0,
  );
  if (components > maxComponents) {
    return (
      `the file has ${components} components; the most a file can have is ${maxComponents}. ` +
      'Split the analysis into several files.'
    );
  }
  const work = workFields(document, null);
  const texts: [string, string][] = [
    ['title', work.title],
    ['composer', work.composer],
    ['performer', work.artist],
  ];
  for (const timeline of document.timelines) {
    if (timeline.kind === 'HIERARCHY_TIMELINE') {
      for (const c of timeline.components) {
        texts.push(['label', c.label], ['comments', c.comments], ['color', c.color ?? '']);
        texts.push(['formal_function', c.formalFunction], ['formal_type', c.formalType]);
      }
    } else if (timeline.kind === 'MARKER_TIMELINE') {
      for (const c of timeline.components) {
        texts.push(['label', c.label], ['comments', c.comments], ['color', c.color ?? '']);
      }
    }
  }
  const long = texts.find(([, text]) => text.length > MAX_TEXT_LENGTH);
  if (!long) return null;
  const [field, text] = long;
  return (
    `the ${field} is ${text.length} characters long; ` +
    `the most a ${field} can have is ${MAX_TEXT_LENGTH} characters.`
  );
}
