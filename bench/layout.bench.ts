import { bench, describe } from 'vitest';
import type { TimelineJson, ViewerFileJson } from '../src/shared/api-types';
import { ViewerFileSession } from '../src/shared/viewer-file-session';

/**
 * The file worker's pure work (src/shared/viewer-layout, behind workers/viewer-file.worker.ts) at
 * growing sizes, so its growth with the number of components shows: opening a file (parse and
 * prepare), laying out the whole file (fit to screen) and a close view. Files keep the reference
 * file's mix (70% beats, 3% hierarchy units, 10% markers, 16% harmonies, 0.5% PDF pages).
 *
 *   npx vitest bench --run --config bench/vitest.bench.config.ts
 *
 * BENCH_LAYOUT_SIZES (comma-separated) replaces the default 10,000, 100,000 and 1,000,000.
 */

const sizes = (process.env.BENCH_LAYOUT_SIZES ?? '10000,100000,1000000')
  .split(',')
  .map((size) => Number(size));

function viewerFile(components: number): ViewerFileJson {
  const count = (share: number) => Math.max(1, Math.round(components * share));
  const beats = count(0.7);
  // 4 beats a second, as in the reference file; the other timelines spread over the same span.
  const seconds = beats / 4;
  let nextId = 1;
  const spread = (n: number) => Array.from({ length: n }, (_, i) => (i * seconds) / n);
  const timeline = (
    kind: string,
    fields: Partial<TimelineJson>,
    items: Record<string, unknown>[],
  ): TimelineJson =>
    ({
      id: nextId++,
      name: kind,
      kind,
      display_position: nextId,
      is_visible: true,
      height: null,
      ...fields,
      components: items.map((item) => ({ id: nextId++, ...item })),
    }) as TimelineJson;
  const levels = count(0.03);
  const units = [0.64, 0.24, 0.08, 0.032, 0.008].flatMap((share, level) => {
    const n = Math.max(1, Math.round(levels * share));
    return Array.from({ length: n }, (_, i) => ({
      start: (i * seconds) / n,
      end: ((i + 1) * seconds) / n,
      level: level + 1,
      label: `L${level + 1}.${i}`,
      color: null,
      comments: '',
      formal_function: '',
      formal_type: '',
    }));
  });
  return {
    id: 1,
    concrete_work: {
      id: 1,
      abstract_work_id: 1,
      artist: 'Bench',
      type: 'audio',
      storage: 'abstract',
      url: '',
      length: seconds,
      start: 0,
      end: seconds,
    },
    abstract_work: { id: 1, title: 'Layout bench', composer: 'Bench' },
    timelines: [
      timeline(
        'BEAT_TIMELINE',
        {
          beat_pattern: '[4]',
          measure_numbers: '[]',
          beats_in_measure: '[]',
          measures_to_force_display: '[]',
        } as Partial<TimelineJson>,
        spread(beats).map((time) => ({ time })),
      ),
      timeline('HIERARCHY_TIMELINE', { height: 220 }, units),
      timeline(
        'MARKER_TIMELINE',
        {},
        spread(count(0.1)).map((time, i) => ({
          time,
          label: i % 3 ? 'HC' : 'PAC',
          color: null,
          comments: '',
        })),
      ),
      timeline(
        'HARMONY_TIMELINE',
        { level_height: 35 } as Partial<TimelineJson>,
        spread(count(0.16)).map((time, i) => ({
          time,
          kind: 'HARMONY',
          step: i % 7,
          accidental: 0,
          quality: i % 2 ? 'major' : 'dominant-seventh',
          inversion: i % 4,
          applied_to: 0,
          display_mode: 'roman',
          custom_text: '',
        })),
      ),
      timeline(
        'PDF_TIMELINE',
        { pdf_url: '/media/score.pdf' } as Partial<TimelineJson>,
        spread(count(0.005)).map((time, i) => ({ time, page_number: i + 1 })),
      ),
    ],
  };
}

// Few iterations: at a million components one open takes seconds, and the point is the growth.
const options = { iterations: 3, time: 0, warmupIterations: 1, warmupTime: 0 };

for (const size of sizes) {
  const bytes = new TextEncoder().encode(JSON.stringify(viewerFile(size)));
  const session = new ViewerFileSession();
  session.open(bytes);
  const fit = { zoom: 1, scrollLeft: 0, viewportWidth: 1400, width: 1400 };
  describe(`${size} components`, () => {
    bench('open (parse + prepare)', () => void new ViewerFileSession().open(bytes), options);
    bench('layout, whole file', () => void session.layout(fit), options);
    bench(
      'layout, zoom 100 in the middle',
      () => void session.layout({ ...fit, zoom: 100, scrollLeft: 50 * 1400 }),
      options,
    );
  });
}
