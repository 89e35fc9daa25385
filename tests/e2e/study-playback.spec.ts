/**
 * Playback for study on an example recording: a slower or faster speed at the same pitch, and a
 * loop of the selected chord, played over and over until Stop.
 */
import { expect, test, type Page } from '@playwright/test';
import type { HarmonyComponentJson, ViewerFileJson } from '../../src/shared/api-types';
import { fileTimeMap } from '../../src/shared/time-map/beat-timeline-fields';
import { positionText } from '../../src/shared/time-map/musical-text';

const EXAMPLE = 135;

const audio = (page: Page) =>
  page.locator('audio').evaluate((a: HTMLAudioElement) => ({
    time: a.currentTime,
    rate: a.playbackRate,
    pitchKept: a.preservesPitch,
    paused: a.paused,
  }));

/** The example's file JSON and its harmony timeline's chords and keys, in time order. */
async function exampleHarmony(page: Page) {
  const json = (await (
    await page.request.get(`/api/v1/files/${EXAMPLE}/json`)
  ).json()) as ViewerFileJson;
  const harmony = json.timelines.find((t) => t.kind === 'HARMONY_TIMELINE')!;
  const sorted = [...(harmony.components as HarmonyComponentJson[])].sort(
    (a, b) => a.time - b.time,
  );
  return { json, sorted };
}

/** A chord of the example and where the next component of its timeline starts. */
async function chordWithItsSpan(page: Page) {
  const { json, sorted } = await exampleHarmony(page);
  // A chord a second or two long, past the first bars (the recording has started to sound).
  const at = sorted.findIndex(
    (c, i) =>
      c.kind === 'HARMONY' &&
      c.time > 5 &&
      sorted[i + 1] !== undefined &&
      sorted[i + 1]!.time - c.time > 1 &&
      sorted[i + 1]!.time - c.time < 2.5,
  );
  expect(at).toBeGreaterThan(0);
  const key = sorted.filter((c) => c.kind === 'MODE' && c.time <= sorted[at]!.time).at(-1)!;
  const map = fileTimeMap(json.timelines, null)!;
  const bar = positionText(map, map.position(sorted[at]!.time)!);
  return { chord: sorted[at]!, end: sorted[at + 1]!.time, key: key.label, bar };
}

test('the inspector places a chord, the speed keeps the pitch, and the loop plays the chord until Stop', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { chord, end, key, bar } = await chordWithItsSpan(page);
  await page.goto(`/viewer/${EXAMPLE}?t=${chord.time}&c=${chord.id}`);
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');

  // The inspector says where the chord stands: its key in force, its bar and beat, its makeup.
  const inspector = page.getByRole('complementary', { name: 'Inspector' });
  const field = (name: string) =>
    inspector
      .locator('.viewer-inspector__field')
      .filter({ has: page.getByText(name, { exact: true }) })
      .locator('dd');
  await expect(field('Label')).toHaveText(chord.label);
  await expect(field('Key')).toHaveText(key);
  await expect(field('Bar')).toHaveText(bar);
  await expect(field('Inversion')).toHaveText(/root position|inversion/);
  await expect(field('Quality')).not.toHaveText('—');

  const speed = page.getByRole('combobox', { name: 'Playback speed' });
  await expect(speed).toHaveValue('1');
  await speed.selectOption('1.5');
  expect(await audio(page)).toMatchObject({ rate: 1.5, pitchKept: true });

  const loop = page.getByRole('button', { name: 'Loop the selection' });
  await expect(loop).toHaveAttribute('aria-pressed', 'false');
  await loop.click();
  await expect(loop).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();

  // Sampled for three passes of the chord: never outside it, and back at its start each time.
  const samples: number[] = [];
  const until = Date.now() + (((end - chord.time) / 1.5) * 3 + 1) * 1000;
  while (Date.now() < until) {
    samples.push((await audio(page)).time);
    await page.waitForTimeout(40);
  }
  const playing = samples.slice(5);
  for (const time of playing) {
    expect(time).toBeGreaterThanOrEqual(chord.time - 0.05);
    expect(time).toBeLessThanOrEqual(end + 0.15);
  }
  const restarts = playing.filter((time, i) => i > 0 && time < playing[i - 1]! - 0.3).length;
  expect(restarts).toBeGreaterThanOrEqual(2);

  // Stop ends the loop and playback; the loop button is off again.
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(loop).toHaveAttribute('aria-pressed', 'false');
  expect((await audio(page)).paused).toBe(true);
  // Without a selection there is nothing to loop.
  await page.getByRole('button', { name: 'Close inspector' }).click();
  await expect(loop).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('study-playback-1440.png') });
});

test('Shift+drag on the time ruler loops the passage dragged over (A-B) until Stop', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/viewer/${EXAMPLE}`);
  const timelines = page.getByTestId('timelines');
  await expect(timelines).toHaveAttribute('data-drawn', 'true');
  const json = (await (
    await page.request.get(`/api/v1/files/${EXAMPLE}/json`)
  ).json()) as ViewerFileJson;
  const { start, end } = json.concrete_work;
  const ruler = (await page.getByTestId('time-ruler').boundingBox())!;
  const axis = Number(await timelines.getAttribute('data-axis-width'));
  const xOf = (time: number) => ruler.x + ((time - start) / (end - start)) * axis;
  const [from, to] = [20, 23];

  await page.keyboard.down('Shift');
  await page.mouse.move(xOf(from), ruler.y + ruler.height / 2);
  await page.mouse.down();
  await page.mouse.move(xOf(21.5), ruler.y + ruler.height / 2, { steps: 4 });
  // While dragged, the band shows the passage so far; nothing plays yet.
  const band = page.getByTestId('loop-band');
  await expect(band).toBeVisible();
  expect((await audio(page)).paused).toBe(true);
  await page.mouse.move(xOf(to), ruler.y + ruler.height / 2, { steps: 4 });
  await page.mouse.up();
  await page.keyboard.up('Shift');

  const loop = page.getByRole('button', { name: 'Loop the selection' });
  await expect(loop).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  const shown = (await band.boundingBox())!;
  expect(Math.abs(shown.x - xOf(from))).toBeLessThan(3);
  expect(Math.abs(shown.x + shown.width - xOf(to))).toBeLessThan(3);

  // Sampled for two passes: never outside the passage (give or take a pixel's time), and back
  // at its start each time.
  const slack = (end - start) / axis + 0.15;
  const samples: number[] = [];
  const until = Date.now() + ((to - from) * 2 + 1) * 1000;
  while (Date.now() < until) {
    samples.push((await audio(page)).time);
    await page.waitForTimeout(40);
  }
  const playing = samples.slice(5);
  for (const time of playing) {
    expect(time).toBeGreaterThanOrEqual(from - slack);
    expect(time).toBeLessThanOrEqual(to + slack);
  }
  expect(playing.filter((time, i) => i > 0 && time < playing[i - 1]! - 0.3).length).toBeGreaterThan(
    0,
  );

  // Stop ends the loop: the band goes and the button is off (nothing is selected to loop).
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(loop).toHaveAttribute('aria-pressed', 'false');
  await expect(band).toBeHidden();
  await expect(loop).toBeDisabled();
});

test('followed continuously, the timelines scroll under a playhead a third of the way across', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // Ten seconds across the timelines, from 30 s.
  await page.goto(`/viewer/${EXAMPLE}?t=30&z=10`);
  const timelines = page.getByTestId('timelines');
  await expect(timelines).toHaveAttribute('data-drawn', 'true');
  const follow = page.getByRole('combobox', { name: 'Follow' });
  await expect(follow).toHaveValue('page');
  await follow.selectOption('continuous');

  const stage = (await timelines.locator('.viewer-timelines__stage').boundingBox())!;
  const playheadX = async () =>
    ((await page.getByTestId('playhead').boundingBox())?.x ?? Number.NaN) - stage.x;
  await page.getByRole('button', { name: 'Play' }).click();
  await page.waitForTimeout(800);
  const xs: number[] = [];
  const times: number[] = [];
  for (let i = 0; i < 12; i++) {
    xs.push(await playheadX());
    times.push((await audio(page)).time);
    await page.waitForTimeout(150);
  }
  await page.getByRole('button', { name: 'Pause' }).click();
  // Playback moved on (almost 2 s, a fifth of the view), the playhead stayed where it was.
  expect(times.at(-1)! - times[0]!).toBeGreaterThan(1);
  // Each frame asks for the view a step on, so a busy machine shows the playhead a little ahead
  // for a frame or two; mostly it is where it stays.
  const off = xs.map((x) => Math.abs(x - stage.width / 3)).sort((a, b) => a - b);
  expect(off[Math.floor(off.length / 2)]).toBeLessThan(12);
  expect(off[Math.floor((off.length * 3) / 4)]).toBeLessThan(40);

  // The choice is kept for the next visit.
  await page.reload();
  await expect(page.getByTestId('timelines')).toHaveAttribute('data-drawn', 'true');
  await expect(page.getByRole('combobox', { name: 'Follow' })).toHaveValue('continuous');
});

test('Up from a chord outlines its key where the music is, and Down comes back to the chord', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { sorted } = await exampleHarmony(page);
  // A chord whose key began thirty seconds before it, well out of the ten seconds in view.
  const chord = sorted.find(
    (c) =>
      c.kind === 'HARMONY' &&
      c.time - sorted.filter((k) => k.kind === 'MODE' && k.time <= c.time).at(-1)!.time > 30,
  )!;
  await page.goto(`/viewer/${EXAMPLE}?t=${chord.time}&c=${chord.id}&z=10`);
  const timelines = page.getByTestId('timelines');
  await expect(timelines).toHaveAttribute('data-drawn', 'true');
  const inspector = page.getByRole('complementary', { name: 'Inspector' });
  await expect(inspector).toContainText(chord.label);
  const scroller = page.getByTestId('timelines-scroller');
  const scrollLeft = () => scroller.evaluate((element) => element.scrollLeft);
  const before = await scrollLeft();
  expect(before).toBeGreaterThan(0);

  const kind = inspector
    .locator('.viewer-inspector__field')
    .filter({ has: page.getByText('Kind', { exact: true }) })
    .locator('dd');
  await timelines.focus();
  await page.keyboard.press('ArrowUp');
  await expect(kind).toHaveText('Key');
  await page.waitForTimeout(300);
  expect(await scrollLeft()).toBe(before);
  await page.keyboard.press('ArrowDown');
  await expect(kind).toHaveText('Harmony');
  await expect(inspector).toContainText(chord.label);
  await page.waitForTimeout(300);
  expect(await scrollLeft()).toBe(before);
});
