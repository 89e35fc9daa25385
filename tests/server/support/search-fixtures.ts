import type { Db } from '../../../server/db/database';
import {
  abstractWorks,
  components,
  concreteWorks,
  files,
  timelines,
} from '../../../server/db/schema';

/**
 * Files written straight into the tables, with exactly the texts and times a search test needs.
 * They skip ingestion on purpose: the components arrive without their search columns, which the
 * fallback trigger of migration 0003 must fill in.
 */

export interface ComponentDraft {
  kind: string;
  label?: string;
  comments?: string;
  color?: string | null;
  formal_function?: string;
  formal_type?: string;
  start?: number;
  end?: number;
  time?: number;
}

export interface FileDraft {
  title: string;
  composer: string;
  performer: string;
  authorId: number;
  isPublic: boolean;
  timelines: { kind: string; components: ComponentDraft[] }[];
}

export async function addFile(db: Db, draft: FileDraft): Promise<number> {
  const [work] = await db
    .insert(abstractWorks)
    .values({ title: draft.title, composer: draft.composer })
    .returning({ id: abstractWorks.id });
  const [media] = await db
    .insert(concreteWorks)
    .values({
      abstractWorkId: work!.id,
      artist: draft.performer,
      type: 'audio',
      storage: 'abstract',
      url: '',
      length: 600,
      start: 0,
      end: 600,
    })
    .returning({ id: concreteWorks.id });
  const [file] = await db
    .insert(files)
    .values({
      authorId: draft.authorId,
      concreteWorkId: media!.id,
      isPublic: draft.isPublic,
      originalName: `${draft.title}.tla`,
      format: 'tla',
      mediaMetadata: { title: draft.title },
      tla: new TextEncoder().encode('{}'),
    })
    .returning({ id: files.id });
  const fileId = file!.id;
  for (const [index, timeline] of draft.timelines.entries()) {
    const [row] = await db
      .insert(timelines)
      .values({
        fileId,
        kind: timeline.kind,
        kindName: timeline.kind,
        isKnownKind: true,
        name: timeline.kind,
        ordinal: index + 1,
        displayPosition: index,
        isVisible: true,
      })
      .returning({ id: timelines.id });
    if (timeline.components.length === 0) continue;
    await db.insert(components).values(
      timeline.components.map((component, position) => ({
        timelineId: row!.id,
        fileId,
        position,
        kind: component.kind,
        label: component.label ?? null,
        comments: component.comments ?? null,
        color: component.color ?? null,
        formalFunction: component.formal_function ?? null,
        formalType: component.formal_type ?? null,
        start: component.start ?? null,
        end: component.end ?? null,
        time: component.time ?? null,
      })),
    );
  }
  return fileId;
}
