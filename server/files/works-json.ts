import type { abstractWorks, concreteWorks } from '../db/schema';
import type { AbstractWorkJson, ConcreteWorkJson } from '../../src/shared/api-types';

interface RowWithWorks {
  concreteWork: typeof concreteWorks.$inferSelect;
  abstractWork: typeof abstractWorks.$inferSelect;
}

/** A concrete work as the API lists it (the viewer JSON adds its media_name). */
export function concreteWorkJson(cw: typeof concreteWorks.$inferSelect): ConcreteWorkJson {
  return {
    id: cw.id,
    abstract_work_id: cw.abstractWorkId,
    artist: cw.artist,
    type: cw.type,
    storage: cw.storage,
    url: cw.url,
    length: cw.length,
    start: cw.start,
    end: cw.end,
  };
}

/** The concrete and abstract works of some files' rows, each once, in order of first use. */
export function distinctWorksJson(rows: readonly RowWithWorks[]): {
  concrete_works: ConcreteWorkJson[];
  abstract_works: AbstractWorkJson[];
} {
  const concrete = new Map<number, ConcreteWorkJson>();
  const abstract = new Map<number, AbstractWorkJson>();
  for (const { concreteWork: cw, abstractWork: aw } of rows) {
    concrete.set(cw.id, concreteWorkJson(cw));
    abstract.set(aw.id, { id: aw.id, title: aw.title, composer: aw.composer });
  }
  return { concrete_works: [...concrete.values()], abstract_works: [...abstract.values()] };
}
