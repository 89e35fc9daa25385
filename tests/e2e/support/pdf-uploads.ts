import type { APIRequestContext } from '@playwright/test';
import { registerByApi } from './accounts';

/**
 * Puts analyses with score PDFs on the test server the way a user does: sign up, log in, then one
 * POST /api/v1/upload/ per analysis with its .tla, its PDFs and (optionally) its recording.
 */

export interface PdfTimelineSpec {
  name: string;
  /** The PDF's file name as the desktop app stored it; the upload matches PDFs by it. */
  path: string;
  markers: { time: number; page: number }[];
}

/** The markers of a PDF timeline that shows page 1 from the first time, page 2 from the next... */
export function pagesFrom(...times: number[]): PdfTimelineSpec['markers'] {
  return times.map((time, index) => ({ time, page: index + 1 }));
}

export interface AnalysisSpec {
  title: string;
  length: number;
  /** media_path of the .tla; a recording uploaded with the same file name is matched to it. */
  mediaPath?: string;
  markers?: { time: number; label: string }[];
  pdfs: PdfTimelineSpec[];
}

export interface UploadPart {
  name: string;
  bytes: Buffer;
  type: string;
}

export function analysisTla(spec: AnalysisSpec): Buffer {
  const timelines: Record<string, unknown> = {};
  let id = 1000;
  timelines['0'] = {
    kind: 'MARKER_TIMELINE',
    name: 'Cues',
    height: 30,
    is_visible: true,
    ordinal: 1,
    components: Object.fromEntries(
      (spec.markers ?? []).map((marker) => [
        String(id++),
        { time: marker.time, label: marker.label, comments: '', color: null, kind: 'MARKER' },
      ]),
    ),
  };
  spec.pdfs.forEach((pdf, index) => {
    timelines[String(index + 1)] = {
      kind: 'PDF_TIMELINE',
      name: pdf.name,
      height: 30,
      is_visible: true,
      ordinal: index + 2,
      path: pdf.path,
      components: Object.fromEntries(
        pdf.markers.map((marker) => [
          String(id++),
          { time: marker.time, page_number: marker.page, comments: '', kind: 'PDF_MARKER' },
        ]),
      ),
    };
  });
  const tla = {
    file_path: '',
    media_path: spec.mediaPath ?? '',
    media_metadata: {
      title: spec.title,
      notes: '',
      'media length': spec.length,
      composer: 'E2E Composer',
      performer: 'E2E Performer',
    },
    timelines,
    app_name: 'TiLiA',
    version: '0.5.14',
  };
  return Buffer.from(JSON.stringify(tla, null, 2));
}

/** The password of the accounts signUpAndLogIn makes, for a test that logs in by the form. */
export const TEST_PASSWORD = 'Counterpoint-1725';

export async function signUpAndLogIn(
  request: APIRequestContext,
  username: string,
): Promise<string> {
  const password = TEST_PASSWORD;
  await registerByApi(request, username, password, { firstname: 'Pdf', lastname: 'Tester' });
  const tokens = await request.post('/api/v1/token/', { data: { username, password } });
  if (!tokens.ok()) throw new Error(`login failed: ${await tokens.text()}`);
  return ((await tokens.json()) as { access: string }).access;
}

/** Uploads one public analysis with its files; returns the new file's id. */
export async function uploadAnalysis(
  request: APIRequestContext,
  access: string,
  tlaName: string,
  spec: AnalysisSpec,
  files: UploadPart[],
): Promise<number> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(analysisTla(spec))], { type: 'application/json' }),
    tlaName,
  );
  for (const file of files)
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  form.append('is_public', 'true');
  const response = await request.post('/api/v1/upload/', {
    headers: { authorization: `Bearer ${access}` },
    multipart: form,
  });
  if (response.status() !== 201) throw new Error(`upload failed: ${await response.text()}`);
  const body = (await response.json()) as { files: { id: number }[] };
  return body.files[0]!.id;
}
