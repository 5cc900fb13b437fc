import { describe, expect, it } from 'vitest';
import { DEFAULT_ROUTINE_TIMES, formatTime, normaliseRoutineTime } from '../src/user/routine-times.ts';

describe('routine times', () => {
  it('defaults to 03:00, 11:00 and 19:00', () => {
    expect(DEFAULT_ROUTINE_TIMES).toEqual({ beginning: '03:00', middle: '11:00', end: '19:00' });
  });

  it.each([
    ['07:30', '07:30'],
    ['7:30', '07:30'],
    ['23:59', '23:59'],
    ['00:00', '00:00'],
    ['07:30 am', '07:30'],
    ['07:30 PM', '19:30'],
    ['12:00 am', '00:00'],
    ['12:15 pm', '12:15'],
    ['1:05pm', '13:05'],
    [' 09:00 ', '09:00'],
  ])('accepts %j as %j', (input, stored) => {
    expect(normaliseRoutineTime(input)).toBe(stored);
  });

  it.each(['24:00', '7', '07:60', '13:00 pm', '00:30 am', 'noon', '', '07:30:00', '7.30'])(
    'refuses %j',
    (input) => {
      expect(normaliseRoutineTime(input)).toBeNull();
    },
  );

  it('shows stored times in the chosen format', () => {
    expect(formatTime('19:00', 24)).toBe('19:00');
    expect(formatTime('19:00', 12)).toBe('07:00 PM');
    expect(formatTime('00:05', 12)).toBe('12:05 AM');
    expect(formatTime('12:00', 12)).toBe('12:00 PM');
  });
});
