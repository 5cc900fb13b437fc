import { describe, expect, it } from 'vitest';
import { calendarDaysUntil, dueColour, dueTone } from '../src/features/tasks/utils/due-colour.ts';

// Local times (the browser's zone), so the rule reads the same wherever the test runs.
const at = (d: number, h = 12, m = 0) => new Date(2027, 2, d, h, m);
const now = at(10, 15, 0);

describe('due-date colours (spec 000 §9)', () => {
  it('is dark red when the due time has passed, even earlier today', () => {
    expect(dueTone(at(9, 23, 59), now)).toBe('overdue');
    expect(dueTone(at(10, 9, 0), now)).toBe('overdue');
    expect(dueColour(at(1), now)).toBe('red.9');
  });

  it('is red when due later today', () => {
    expect(dueTone(at(10, 23, 59), now)).toBe('today');
    expect(dueTone(at(10, 15, 1), now)).toBe('today');
    expect(dueColour(at(10, 18), now)).toBe('red.8');
  });

  it('is orange from tomorrow up to 7 days away', () => {
    expect(dueTone(at(11, 0, 5), now)).toBe('soon');
    expect(dueTone(at(17, 23, 59), now)).toBe('soon');
    expect(dueColour(at(13), now)).toBe('#c2410c');
  });

  it('is amber when more than 7 days away', () => {
    expect(dueTone(at(18, 0, 0), now)).toBe('later');
    expect(dueTone(new Date(2027, 5, 1), now)).toBe('later');
    expect(dueColour(at(25), now)).toBe('yellow.7');
  });

  it('counts calendar days, not 24-hour spans', () => {
    expect(calendarDaysUntil(at(11, 8), at(10, 23))).toBe(1);
    expect(calendarDaysUntil(at(10, 0, 1), at(10, 23, 59))).toBe(0);
    expect(calendarDaysUntil(new Date(2027, 3, 1), new Date(2027, 2, 31))).toBe(1);
  });

  it('accepts an ISO string as the API sends it', () => {
    expect(dueTone(at(20).toISOString(), now)).toBe('later');
  });
});
