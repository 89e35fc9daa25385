/**
 * A copy of a DCML score that Debian's MuseScore 3.2.3 renders and plays in the order the music
 * is played (measures.tsv `next`, see server/seed/playback-order.ts):
 * - the root's `version="3.02"` becomes "3.01" (3.2.3 refuses 3.02; nothing in these files needs it);
 * - where an end-repeat goes back to a bar that has no start-repeat mark (the score implies one
 *   after an earlier end-repeat), the bar gets one: 3.2.3 would go back to the last explicit mark;
 * - a section break between a jump and the bar it jumps back to becomes a line break: 3.2.3 reads
 *   a da capo's 'start' as the start of the jump's own section, and ignores the jump when its
 *   'fine' lies in an earlier section (K331-2's Menuetto da capo).
 * Repeat marks and jumps live on the first staff's bars (MuseScore writes measure-level flags there).
 */

export interface StoredBar {
  /** 1-based position among the first staff's <Measure> elements (DCML's mc). */
  mc: number;
  /** Index of the `<Measure…>` start tag in the text. */
  start: number;
  /** Index just past the matching `</Measure>`. */
  end: number;
}

const FIRST_STAFF_OPEN = /\n {4}<Staff id="1">/;

/** The first staff's bars in the score body (the Part's staff definitions come before it). */
export function firstStaffBars(mscx: string): StoredBar[] {
  const scoreStart = mscx.search(/<Score>/);
  const bodyMatch = FIRST_STAFF_OPEN.exec(mscx.slice(scoreStart));
  if (scoreStart < 0 || !bodyMatch) throw new Error('no first staff in the score body');
  const bodyStart = scoreStart + bodyMatch.index;
  const bodyEnd = mscx.indexOf('</Staff>', bodyStart);
  if (bodyEnd < 0) throw new Error('the first staff is not closed');
  const bars: StoredBar[] = [];
  const open = /<Measure(?:\s[^>]*)?>/g;
  open.lastIndex = bodyStart;
  for (let match = open.exec(mscx); match && match.index < bodyEnd; match = open.exec(mscx)) {
    const close = mscx.indexOf('</Measure>', match.index);
    if (close < 0) throw new Error(`bar ${bars.length + 1} is not closed`);
    bars.push({ mc: bars.length + 1, start: match.index, end: close + '</Measure>'.length });
    open.lastIndex = close;
  }
  return bars;
}

export function barText(mscx: string, bar: StoredBar): string {
  return mscx.slice(bar.start, bar.end);
}

export interface BarEdit {
  mc: number;
  /** The bar's new text. */
  text: string;
  why: string;
}

/** For each bar (by mc), the bars playback may go to next. */
type Successors = ReadonlyMap<number, readonly number[]>;

/** One kind of correction: the edits it makes to the bars of a score. */
type CorrectionPass = (mscx: string, bars: StoredBar[], successors: Successors) => BarEdit[];

/** Applies edits to distinct bars, back to front so earlier offsets stay valid. */
function applyBarEdits(mscx: string, bars: StoredBar[], edits: BarEdit[]): string {
  let text = mscx;
  for (const edit of [...edits].sort((a, b) => b.mc - a.mc)) {
    const bar = bars[edit.mc - 1];
    if (!bar) throw new Error(`no bar ${edit.mc}`);
    text = text.slice(0, bar.start) + edit.text + text.slice(bar.end);
  }
  return text;
}

function withStartRepeat(bar: string): string {
  const openEnd = bar.indexOf('>') + 1;
  const indent = /\n( *)</.exec(bar.slice(openEnd))?.[1] ?? '        ';
  return `${bar.slice(0, openEnd)}\n${indent}<startRepeat/>${bar.slice(openEnd)}`;
}

/**
 * Start-repeat marks that `next` implies: each bar that ends with an end-repeat goes back to its
 * first successor; that bar needs a start-repeat mark unless it is the first bar.
 */
const impliedStartRepeats: CorrectionPass = (mscx, bars, successors) => {
  const edits = new Map<number, BarEdit>();
  for (const bar of bars) {
    if (!barText(mscx, bar).includes('<endRepeat>')) continue;
    const target = successors.get(bar.mc)?.[0];
    if (target === undefined || target < 1 || target > bar.mc) continue;
    const targetBar = bars[target - 1];
    if (!targetBar || target === 1 || edits.has(target)) continue;
    const text = barText(mscx, targetBar);
    if (text.includes('<startRepeat/>')) continue;
    edits.set(target, {
      mc: target,
      text: withStartRepeat(text),
      why: `start-repeat at mc ${target}, where the end-repeat of mc ${bar.mc} goes back to`,
    });
  }
  return [...edits.values()];
};

function lowerVersion(mscx: string): string {
  const lowered = mscx.replace(/<museScore version="3\.02">/, '<museScore version="3.01">');
  if (!/<museScore version="3\.01">/.test(lowered)) {
    throw new Error('expected a museScore 3.01 or 3.02 file');
  }
  return lowered;
}

/**
 * Section breaks inside the stretch a jump goes back over (from the bar it jumps to up to the jump
 * itself) become line breaks, so that the layout keeps the break and playback crosses it.
 */
const sectionBreaksUnderJumps: CorrectionPass = (mscx, bars, successors) => {
  const edits = new Map<number, BarEdit>();
  for (const bar of bars) {
    if (!barText(mscx, bar).includes('<Jump>')) continue;
    const target = successors.get(bar.mc)?.find((next) => next >= 1 && next <= bar.mc);
    if (target === undefined) continue;
    for (const crossed of bars.slice(target - 1, bar.mc - 1)) {
      const text = barText(mscx, crossed);
      if (!text.includes('<subtype>section</subtype>')) continue;
      edits.set(crossed.mc, {
        mc: crossed.mc,
        text: text.replace('<subtype>section</subtype>', '<subtype>line</subtype>'),
        why: `line break instead of the section break at mc ${crossed.mc}, which the jump of mc ${bar.mc} crosses`,
      });
    }
  }
  return [...edits.values()];
};

export interface CorrectedScore {
  mscx: string;
  /** What was changed and why, for the render log. */
  changes: string[];
}

/** The copy MuseScore 3.2.3 renders: see the comment at the top of this file. */
export function correctedScore(mscx: string, successors: Successors): CorrectedScore {
  // Two passes, so that one bar can take both kinds of correction.
  const bars = firstStaffBars(mscx);
  const repeats = impliedStartRepeats(mscx, bars, successors);
  const repeated = applyBarEdits(mscx, bars, repeats);
  const repeatedBars = firstStaffBars(repeated);
  const sections = sectionBreaksUnderJumps(repeated, repeatedBars, successors);
  const edits = [...repeats, ...sections];
  return {
    mscx: lowerVersion(applyBarEdits(repeated, repeatedBars, sections)),
    changes: edits.sort((a, b) => a.mc - b.mc).map((edit) => edit.why),
  };
}
