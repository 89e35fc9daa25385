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

export interface TimelineDraft {
  kind: string;
  components: ComponentDraft[];
}

export interface FileDraft {
  title: string;
  composer: string;
  performer: string;
  authorId: number;
  isPublic: boolean;
  timelines: TimelineDraft[];
}

/**
 * Timelines of a searchable file beside its hierarchy: markers (a PAC at 12.344 s, and an HC past
 * the hour, 1:02:03.456, with a comment and a colour), beats at 1, 2 and 3.5 s, and a PAC marker
 * in a timeline of a kind that is not searchable, which no search finds or counts.
 */
export const markerAndBeatTimelines: TimelineDraft[] = [
  {
    kind: 'MARKER_TIMELINE',
    components: [
      { kind: 'MARKER', label: 'PAC', time: 12.344, comments: '', color: null },
      { kind: 'MARKER', label: 'HC', time: 3723.456, comments: 'half', color: '#00ff00' },
    ],
  },
  { kind: 'BEAT_TIMELINE', components: [1, 2, 3.5].map((time) => ({ kind: 'BEAT', time })) },
  { kind: 'FUTURE_TIMELINE', components: [{ kind: 'MARKER', label: 'PAC', time: 1 }] },
];

/** A private file whose texts match the public ones': no search may find or count what it holds. */
export function privateStudy(authorId: number, timelines: TimelineDraft[]): FileDraft {
  return {
    title: 'Private development study',
    composer: 'Wolfgang Amadeus Mozart',
    performer: 'Alpha Performer',
    authorId,
    isPublic: false,
    timelines,
  };
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
