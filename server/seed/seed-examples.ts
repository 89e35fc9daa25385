import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdir, stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database, Db } from '../db/database';
import { prepareIngest, writeIngest } from '../files/ingest/ingest.service';
import type { StoredStages } from '../files/ingest/stored-forms';
import { matchingKey } from '../files/uploads/upload-plan';
import { inProcessTasks, type WorkTasks } from '../work/work-tasks';
import { MediaStore, mediaObjectPath } from '../files/uploads/media-store';
import { insertMediaReference, recordMediaObject } from '../files/uploads/media.repository';
import { buildExampleAnalysis, exampleMetadata, EXAMPLE_PIECE_IDS } from './dcml-converter';
import { readExampleRecording } from './example-media';
import { exampleWorkRows, insertSeedUser, lockSeeding, removeExample } from './seed.repository';

/** The account that owns the example analyses. It has no password, so nobody can log in as it
 * until an operator sets one. */
export const SEED_USER = { id: 1, username: 'tilia' } as const;

/** The ids the home page links to (SPEC.md): K284, K309, K310, K311, K330, K331, I-III each. */
export const EXAMPLE_IDS = [
  135, 136, 137, 138, 139, 140, 141, 154, 143, 144, 145, 146, 147, 155, 153, 150, 151, 152,
] as const;

/** Where the server keeps and serves media (MEDIA_DIR, MEDIA_BASE_URL). */
export interface ExampleMediaTarget {
  mediaDir: string;
  mediaBaseUrl: string;
}

interface MediaFile {
  source: string;
  sha256: string;
  size: number;
  /** Path under MEDIA_DIR and MEDIA_BASE_URL, content-addressed as uploads are. */
  path: string;
  mimeType: string;
  role: 'media' | 'pdf';
}

const mediaFiles = new Map<string, MediaFile[]>();

/** A movement's MP3 and PDF as stored media (hashed once per process). */
function exampleMediaFiles(piece: string): MediaFile[] {
  let found = mediaFiles.get(piece);
  if (!found) {
    const recording = readExampleRecording(piece);
    found = [
      { source: recording.audioPath, extension: 'mp3', mimeType: 'audio/mpeg', role: 'media' },
      { source: recording.scorePath, extension: 'pdf', mimeType: 'application/pdf', role: 'pdf' },
    ].map(({ source, extension, mimeType, role }) => {
      const bytes = readFileSync(source);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      return {
        source,
        sha256,
        size: bytes.length,
        path: mediaObjectPath(sha256, extension),
        mimeType,
        role: role as MediaFile['role'],
      };
    });
    mediaFiles.set(piece, found);
  }
  return found;
}

function audioOf(piece: string): MediaFile {
  const audio = exampleMediaFiles(piece).find((file) => file.role === 'media');
  if (!audio) throw new Error(`${piece} has no audio`);
  return audio;
}

/**
 * The examples stored with their current recording. Any other (missing, or the abstract
 * examples of earlier versions, which had no media) is stale and gets rebuilt in place.
 */
async function currentExampleIds(db: Db): Promise<Set<number>> {
  const rows = await exampleWorkRows(db, [...EXAMPLE_IDS]);
  const current = new Set<number>();
  for (const row of rows) {
    const piece = EXAMPLE_PIECE_IDS.find(([, id]) => id === row.id)?.[0];
    if (piece && row.storage === 'staticfiles' && row.url === audioOf(piece).path) {
      current.add(row.id);
    }
  }
  return current;
}

/** Copies the examples' media into MEDIA_DIR where they are missing (a new or emptied folder). */
async function placeMedia(target: ExampleMediaTarget): Promise<void> {
  const store = new MediaStore(target.mediaDir);
  for (const [piece] of EXAMPLE_PIECE_IDS) {
    for (const file of exampleMediaFiles(piece)) {
      const destination = path.join(target.mediaDir, ...file.path.split('/'));
      const present = await stat(destination).catch(() => null);
      if (present?.size === file.size) continue;
      await mkdir(store.tempDir, { recursive: true });
      // A name of its own: another server process may be placing the same file right now.
      const temporary = path.join(store.tempDir, `example-${process.pid}-${randomUUID()}`);
      await copyFile(file.source, temporary);
      await store.place(temporary, file.path);
    }
  }
}

/**
 * Stores the example analyses that are missing or stale (all of them on first start, and the
 * old abstract examples of a data directory from before the recordings), each with its MP3 and
 * PDF stored like uploaded media; then makes sure MEDIA_DIR holds those files. Idempotent.
 * Without a media target (tests of other areas) the rows are written the same way and no file is
 * copied.
 */
export async function seedExamples(
  database: Database,
  media?: ExampleMediaTarget,
  tasks: WorkTasks = inProcessTasks,
): Promise<number[]> {
  const mediaBaseUrl = media?.mediaBaseUrl ?? '/media/';
  const current = await currentExampleIds(database.db);
  const stale = EXAMPLE_PIECE_IDS.filter(([, id]) => !current.has(id));
  let added: number[] = [];
  if (stale.length > 0) {
    // Built before the transaction: on the embedded database a statement outside an open
    // transaction (taking ids) would wait for it.
    const metadata = exampleMetadata();
    const prepared: { piece: string; id: number; forms: StoredStages }[] = [];
    for (const [piece, id] of stale) {
      const bytes = new TextEncoder().encode(
        buildExampleAnalysis(piece, id, metadata(piece)).tlaText,
      );
      const fileName = `${piece}.tla`;
      const read = await tasks.readAnnotation({
        bytes: new Uint8Array(bytes),
        fileName,
        maxComponents: Number.MAX_SAFE_INTEGER,
      });
      if (!read.ok) throw new Error(`the example ${piece} cannot be read: ${read.message}`);
      const pdf = exampleMediaFiles(piece).find((file) => file.role === 'pdf');
      const forms = await prepareIngest(
        database,
        tasks,
        {
          bytes,
          fileName,
          authorId: SEED_USER.id,
          isPublic: true,
          fixedId: id,
          // As for uploads: the media URL relative to MEDIA_BASE_URL, the PDF's in full.
          mediaUrl: audioOf(piece).path,
          pdfUrls: pdf
            ? Object.fromEntries(
                read.pdfNames.map((name) => [matchingKey(name), mediaBaseUrl + pdf.path]),
              )
            : {},
        },
        read,
      );
      await Promise.all([forms.rows, forms.views]);
      prepared.push({ piece, id, forms });
    }
    added = await database.transaction(async (tx) => {
      await lockSeeding(tx.db);
      await insertSeedUser(tx.db, SEED_USER);
      // Another server process (on one PostgreSQL) may have seeded them meanwhile.
      const now = await currentExampleIds(tx.db);
      const stored: number[] = [];
      for (const { piece, id, forms } of prepared) {
        if (now.has(id)) continue;
        await removeExample(tx.db, id, SEED_USER.id);
        const mediaFilesOfPiece = exampleMediaFiles(piece);
        for (const file of mediaFilesOfPiece) {
          await recordMediaObject(tx.db, {
            sha256: file.sha256,
            path: file.path,
            mimeType: file.mimeType,
            size: file.size,
          });
        }
        await writeIngest(tx, forms);
        for (const file of mediaFilesOfPiece) {
          await insertMediaReference(tx.db, {
            fileId: id,
            mediaSha256: file.sha256,
            role: file.role,
          });
        }
        stored.push(id);
      }
      return stored;
    });
  }
  if (media) await placeMedia(media);
  return added;
}
