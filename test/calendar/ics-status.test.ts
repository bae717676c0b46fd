// The STATUS of an agenda VEVENT, from the event's cancel date and status name.

import { describe, expect, test } from 'vitest';
import { icsStatus } from '../../src/domain/ics.js';

describe('icsStatus', () => {
  test('an event that took place (Completed) is CONFIRMED, as a Confirmed one', () => {
    expect(icsStatus(false, 'Completed')).toBe('CONFIRMED');
    expect(icsStatus(false, 'Confirmed')).toBe('CONFIRMED');
  });

  test('a cancel date, or a status named Cancelled, is CANCELLED', () => {
    expect(icsStatus(true, 'Confirmed')).toBe('CANCELLED');
    expect(icsStatus(false, 'Cancelled')).toBe('CANCELLED');
  });

  test('a quote or an unknown status is TENTATIVE', () => {
    expect(icsStatus(false, 'Quoted')).toBe('TENTATIVE');
    expect(icsStatus(false, undefined)).toBe('TENTATIVE');
  });
});
