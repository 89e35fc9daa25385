import type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist';
// pdf.js parses in its own worker; Vite emits the script as a hashed asset of our origin, which
// the CSP's worker-src 'self' allows (nothing is fetched from a CDN).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

type PdfJs = typeof import('pdfjs-dist');

/**
 * pdf.js's decoders for scanned scores (JBIG2, JPEG 2000) and its standard fonts are files that
 * pdf.js asks for by name. Vite gives them hashed names, so a small factory maps the names pdf.js
 * asks for to the emitted URLs. Eager here means only the URL strings; the files download when a
 * PDF needs them.
 */
const binaryFiles = import.meta.glob(
  ['/node_modules/pdfjs-dist/wasm/*.wasm', '/node_modules/pdfjs-dist/standard_fonts/*.{pfb,ttf}'],
  { query: '?url', import: 'default', eager: true },
) as Record<string, string>;

const binaryUrls = new Map(
  Object.entries(binaryFiles).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]),
);

let loading: Promise<PdfJs> | null = null;

/** pdf.js itself is a chunk of its own, loaded the first time a viewer has a PDF. */
function pdfjs(): Promise<PdfJs> {
  loading ??= import('pdfjs-dist').then((module) => {
    module.GlobalWorkerOptions.workerSrc = workerUrl;
    return module;
  });
  return loading;
}

class BundledBinaryData {
  async fetch({ filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = binaryUrls.get(filename);
    if (!url) throw new Error(`pdf.js asked for '${filename}', which is not bundled`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`'${filename}' could not be loaded (${response.status})`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

export type PasswordReason = 'need' | 'incorrect';

export interface PdfLoadCallbacks {
  /** The file is encrypted: call `answer` with a password (again after a wrong one). */
  password(reason: PasswordReason, answer: (password: string) => void): void;
}

/** One PDF being opened or open; `close` releases it (worker, pages, caches) whatever its state. */
export interface PdfHandle {
  document: Promise<PDFDocumentProxy>;
  close(): void;
}

let openDocuments = 0;
/** Documents not yet closed: the leak checks read it (`window.__tiliaPdfDocuments`). */
function liveDocuments(): number {
  return openDocuments;
}
Object.defineProperty(window, '__tiliaPdfDocuments', { get: liveDocuments, configurable: true });

/**
 * Opens the PDF at `url` with pdf.js. The document gets its own pdf.js worker, which `close`
 * terminates. Eval stays off because the CSP forbids it (pdf.js then interprets PDF functions).
 */
export function openPdf(url: string, callbacks: PdfLoadCallbacks): PdfHandle {
  let task: PDFDocumentLoadingTask | null = null;
  let closed = false;
  openDocuments++;
  const document = pdfjs().then((module) => {
    if (closed) throw new Error('closed');
    const { getDocument, PasswordResponses } = module;
    task = getDocument({
      url,
      isEvalSupported: false,
      enableXfa: false,
      useWorkerFetch: false,
      BinaryDataFactory: BundledBinaryData,
      // The decoders above exist; pdf.js only needs to know that it may ask for them.
      wasmUrl: '/',
      standardFontDataUrl: '/',
    });
    task.onPassword = (answer: (password: string) => void, reason: number) => {
      if (closed) return;
      callbacks.password(
        reason === PasswordResponses.INCORRECT_PASSWORD ? 'incorrect' : 'need',
        answer,
      );
    };
    return task.promise;
  });
  // Whoever awaits `document` handles its failure; this keeps a closed handle from being loud.
  document.catch(() => undefined);
  return {
    document,
    close: () => {
      if (closed) return;
      closed = true;
      openDocuments--;
      void task?.destroy();
    },
  };
}
