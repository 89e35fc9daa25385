import { describe, expect, it } from 'vitest';
import { workerTimePerStep, type TraceEvent } from './worker-time';

const FILE_WORKER = 2;
const PAINTER = 3;

const thread = (tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  ts: 0,
  pid: 1,
  tid,
  args: { name },
});

const mark = (name: string, ph: 'b' | 'e', ts: number, tid = 1): TraceEvent => ({
  name,
  ph,
  ts,
  pid: 1,
  tid,
});

const task = (tid: number, ts: number, cpuMs: number, wallMs = cpuMs * 3): TraceEvent => ({
  name: 'ThreadControllerImpl::RunTask',
  ph: 'X',
  ts,
  pid: 1,
  tid,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
});

const threads = [
  thread(1, 'CrRendererMain'),
  thread(FILE_WORKER, 'DedicatedWorker thread'),
  thread(PAINTER, 'DedicatedWorker thread'),
];

/** Two steps: 10-25 ms and 40-55 ms, the painter measuring its paint. */
const steps = [
  mark('zoom', 'b', 10_000),
  mark('zoom', 'e', 25_000),
  mark('zoom', 'b', 40_000),
  mark('zoom', 'e', 55_000),
  mark('paint', 'b', 11_000, PAINTER),
  mark('paint', 'e', 12_000, PAINTER),
];

describe('workerTimePerStep', () => {
  it("counts a step's layout and paint, its frame's rasterisation and the views laid out after", () => {
    const events = [
      ...threads,
      ...steps,
      // Before the first step: not counted.
      task(FILE_WORKER, 5_000, 9),
      // The first step's layout (none was ready), its paint, and its frame's rasterisation just
      // after it was on screen; then the views laid out ahead.
      task(FILE_WORKER, 10_500, 1.5),
      task(PAINTER, 11_000, 2),
      task(PAINTER, 25_100, 3),
      task(FILE_WORKER, 28_000, 1),
      task(FILE_WORKER, 29_000, 1.25),
      // The main thread's work is not the workers'.
      task(1, 12_000, 5),
      // The second step found its view laid out: its paint and rasterisation only.
      task(PAINTER, 41_000, 2.5),
      task(PAINTER, 55_200, 3),
      // Long after the last step: not counted.
      task(PAINTER, 900_000, 7),
    ];
    expect(workerTimePerStep(events, 'zoom', 'paint')).toEqual([
      { inStep: 6.5, ahead: 2.25 },
      { inStep: 5.5, ahead: 0 },
    ]);
  });

  it('counts CPU time, not the time a task waited for a core', () => {
    const events = [...threads, ...steps, task(FILE_WORKER, 11_000, 1.4, 6.1)];
    expect(workerTimePerStep(events, 'zoom', 'paint')[0]).toEqual({ inStep: 1.4, ahead: 0 });
  });

  it('counts every worker as laying out where no painter measures', () => {
    const events = [...threads, ...steps.slice(0, 4), task(PAINTER, 26_000, 2)];
    expect(workerTimePerStep(events, 'zoom', 'paint')[0]).toEqual({ inStep: 0, ahead: 2 });
  });

  it('finds no steps in a trace without them', () => {
    expect(workerTimePerStep([...threads, task(FILE_WORKER, 0, 1)], 'zoom', 'paint')).toEqual([]);
  });
});
