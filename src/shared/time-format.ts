/**
 * Times in the browse grids read h:mm:ss.cc (SPEC.md section 9): hours, minutes, seconds and
 * hundredths. Rounding happens once, on whole hundredths, so 59.999 s shows as 0:01:00.00 and not
 * as 0:00:60.00.
 */
export function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds)) return '';
  const sign = seconds < 0 ? '-' : '';
  const hundredths = Math.round(Math.abs(seconds) * 100);
  const hours = Math.floor(hundredths / 360_000);
  const minutes = Math.floor(hundredths / 6_000) % 60;
  const wholeSeconds = Math.floor(hundredths / 100) % 60;
  const cents = hundredths % 100;
  const two = (value: number) => String(value).padStart(2, '0');
  return `${sign}${hours}:${two(minutes)}:${two(wholeSeconds)}.${two(cents)}`;
}

const CLOCK = /^(?:(\d+):)?(\d+):(\d+(?:\.\d*)?)$/;
const DECIMAL = /^\d+(?:\.\d*)?$|^\.\d+$/;

/**
 * Reads a time typed by a person: plain seconds ('83.5') or a clock ('1:23.5', '0:01:23.50').
 * Minutes and seconds after a colon must be below 60. Returns null for anything else.
 */
export function parseTime(text: string): number | null {
  const trimmed = text.trim();
  if (DECIMAL.test(trimmed)) return Number(trimmed);
  const clock = CLOCK.exec(trimmed);
  if (!clock) return null;
  const hours = clock[1] === undefined ? 0 : Number(clock[1]);
  const minutes = Number(clock[2]);
  const seconds = Number(clock[3]);
  if ((clock[1] !== undefined && minutes >= 60) || seconds >= 60) return null;
  return hours * 3600 + minutes * 60 + seconds;
}
