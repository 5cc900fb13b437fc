/**
 * Sort codes for ordering tasks in a list: fractional keys (strings that sort between any two
 * others), so a drag between two tasks writes only the moved task and never renumbers the rest.
 */
import { generateKeyBetween } from 'fractional-indexing';

/** A code between `before` and `after` (either may be null for the ends of the list). */
export const sortCodeBetween = (before: string | null, after: string | null): string =>
  generateKeyBetween(before, after);

/** Where a task goes for its position: top of the list, bottom, or a place the user dragged it to. */
export function sortCodeFor(position: 'top' | 'bottom', codes: readonly string[]): string {
  const sorted = [...codes].sort();
  return position === 'top'
    ? sortCodeBetween(null, sorted[0] ?? null)
    : sortCodeBetween(sorted.at(-1) ?? null, null);
}

/*
 * Codes for the ends of a list that need no read of the list (decisions D36). A fractional key is an
 * integer part (a head letter that gives its length, then base-62 digits) and an optional fraction.
 * Codes made by `sortCodeBetween` from the first code 'a0' stay near it: each insert at an end moves
 * the integer by one, so reaching a head of 'B' or 'y' would take about 62^24 inserts. Ends are taken
 * from the clock instead: the top from head 'B' counting down with time, the bottom from head 'y'
 * counting up, so a later top is above every code there (old, dragged or earlier top) and a later
 * bottom below every one, without knowing them. Codes stay valid fractional keys, so a drag between
 * any two still works, and a code made by `sortCodeBetween(null, first)` next to a clock code reads
 * as one made a microsecond later.
 */
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Digits after the heads 'B' and 'y' (fractional-indexing: 'B' carries 25, 'y' carries 25). */
const END_WIDTH = 25;
const END_SPACE = 62n ** BigInt(END_WIDTH);
let lastTick = 0n;

const base62 = (value: bigint, width: number) => {
  let out = '';
  for (let v = value; v > 0n; v /= 62n) out = DIGITS[Number(v % 62n)] + out;
  return out.padStart(width, '0');
};

/** A microsecond tick of the clock, strictly after any this process handed out before. */
function tick(nowMs: number): bigint {
  const now = BigInt(Math.floor(nowMs)) * 1000n;
  lastTick = now > lastTick ? now : lastTick + 1n;
  return lastTick;
}

/** A fraction that keeps `n` codes of one tick in order and two processes' codes of one tick apart. */
function fraction(index: number): string {
  // Only to keep two codes of one tick apart, not a secret: Math.random is enough.
  const tail = Array.from({ length: 4 }, (_, i) =>
    i === 3 ? DIGITS[1 + Math.floor(Math.random() * 61)] : DIGITS[Math.floor(Math.random() * 62)],
  ).join('');
  return base62(BigInt(index), 3) + tail; // never ends in '0', as fractional keys must not
}

/**
 * `n` codes at the top ('top': above everything in the list now) or at the bottom ('bottom': below
 * everything), in the order given: the first is the highest of them on the list. No read needed.
 */
export function endSortCodes(position: 'top' | 'bottom', n: number, nowMs = Date.now()): string[] {
  if (n <= 0) return [];
  const t = tick(nowMs);
  const integer =
    position === 'top' ? `B${base62(END_SPACE - 1n - t, END_WIDTH)}` : `y${base62(t, END_WIDTH)}`;
  return Array.from({ length: n }, (_, i) => integer + fraction(i));
}

/** One code at an end of the list (endSortCodes). */
export const endSortCode = (position: 'top' | 'bottom', nowMs = Date.now()): string =>
  endSortCodes(position, 1, nowMs)[0]!;
