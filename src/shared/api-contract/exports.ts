import { Type, type Static } from 'typebox';
import { EXPORT_FORMATS } from '../exports/export-formats';

/**
 * GET files/{id}/export/{format}: the path's id and format arrive as text; a format outside the
 * list is a 400 naming the formats, an id that is not a file (or a private one of someone else)
 * the 404 of an unknown id.
 */
export const ExportParams = Type.Object({
  id: Type.String({ description: 'File id' }),
  format: Type.String({
    description:
      'jams (one JAMS document), audacity (Audacity label tracks), sv (Sonic Visualiser ' +
      'layers, .svl) or webanno (a W3C Web Annotation collection, JSON-LD)',
    examples: [...EXPORT_FORMATS],
  }),
});
export type ExportParams = Static<typeof ExportParams>;

export const ExportQueryString = Type.Object({
  timeline: Type.Optional(
    Type.String({
      description:
        'A timeline id of the file (as in files/{id}/json): export that timeline alone. ' +
        'Without it, every hierarchy, marker, range, beat, harmony and PDF timeline; audacity ' +
        'and sv then give a zip of one file per timeline.',
    }),
  ),
});
export type ExportQueryString = Static<typeof ExportQueryString>;

/** The export is streamed as it is written: nothing serializes it, the schema documents it. */
export const ExportDownload = {
  description: 'The export, as an attachment named after the work (and the timeline)',
  content: {
    'application/json': { schema: Type.Unknown({ description: 'A JAMS document' }) },
    'application/ld+json': {
      schema: Type.Unknown({ description: 'A W3C Web Annotation AnnotationCollection' }),
    },
    'text/plain': { schema: Type.String({ description: 'An Audacity label track' }) },
    'application/xml': { schema: Type.String({ description: 'A Sonic Visualiser layer' }) },
    'application/zip': {
      schema: Type.String({ format: 'binary', description: 'One file per timeline' }),
    },
  },
};
