/**
 * The viewer's workers' own time per zoom step, read from a Chromium trace: the CPU time of the
 * tasks the page's dedicated workers ran (layouts, posting views, the stage painter's paint and
 * its frame's rasterisation, garbage collection).
 *
 * `performance.measure` in a worker gives wall-clock time: on two cores the page's main thread,
 * two workers, the compositor and the GPU process take turns, and a layout of 1.4 ms of CPU was
 * measured at 6.1 ms while it waited for a core. A weak laptop is slow in CPU, which is what the
 * workers' budget is about; the trace's thread time (`tdur`) leaves the waiting out and takes in
 * the rasterisation, which runs after the painter's own measure ends, with the frame.
 */

/** The fields of a trace event this reads (Chrome's JSON trace format). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** Categories the measure needs: user timing for the steps, top-level tasks with thread time. */
export const WORKER_TIME_CATEGORIES = ['blink.user_timing', 'toplevel', '__metadata'];

/** A top-level task of a thread's message loop: every piece of work a worker does runs in one. */
const TASK = 'ThreadControllerImpl::RunTask';

/** How long after the last step's frame its work is still counted (a view laid out ahead). */
const LAST_STEP_TAIL_US = 200_000;

export interface StepWorkerTime {
  /**
   * CPU ms the step waited on: the stage painter's (the step's paint and its frame's
   * rasterisation, up to the next step) and the other workers' until the step was on screen (a
   * layout, where none was ready).
   */
  inStep: number;
  /** CPU ms of work the step set going after it was on screen: the views laid out ahead. */
  ahead: number;
}

const threadOf = (e: TraceEvent) => `${e.pid}:${e.tid}`;

/**
 * Each zoom step's worker CPU time, for steps measured as User Timing `stepName` (begin and end
 * events) on the page, where the stage painter measures `paintName` (the painter's thread is
 * told apart by it; without it every worker counts as laying out).
 */
export function workerTimePerStep(
  events: readonly TraceEvent[],
  stepName: string,
  paintName: string,
): StepWorkerTime[] {
  const workers = new Set(
    events
      .filter(
        (e) =>
          e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'DedicatedWorker thread',
      )
      .map(threadOf),
  );
  const painter = events.find((e) => e.name === paintName && workers.has(threadOf(e)));
  const steps = stepBounds(events, stepName);
  if (steps.length === 0) return [];
  const times = steps.map(() => ({ inStep: 0, ahead: 0 }));
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== TASK || !workers.has(threadOf(e))) continue;
    const index = steps.findIndex((step) => e.ts >= step.start && e.ts < step.next);
    if (index < 0) continue;
    const cpu = (e.tdur ?? 0) / 1000;
    const onPainter = painter !== undefined && threadOf(e) === threadOf(painter);
    if (onPainter || e.ts < steps[index]!.end) times[index]!.inStep += cpu;
    else times[index]!.ahead += cpu;
  }
  return times;
}

/** Each step's start, end (on screen) and the next step's start (the last: its end and a tail). */
function stepBounds(events: readonly TraceEvent[], stepName: string) {
  const marks = (ph: string) =>
    events
      .filter((e) => e.name === stepName && e.ph === ph)
      .map((e) => e.ts)
      .sort((a, b) => a - b);
  const starts = marks('b');
  const ends = marks('e');
  if (starts.length === 0 || ends.length !== starts.length) return [];
  return starts.map((start, i) => ({
    start,
    end: ends[i]!,
    next: starts[i + 1] ?? ends[i]! + LAST_STEP_TAIL_US,
  }));
}
