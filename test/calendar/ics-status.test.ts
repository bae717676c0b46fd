// The STATUS of an agenda VEVENT, from the event model's cancelled and the status name.

import { describe, expect, test } from 'vitest';
import { icsStatus } from '../../src/domain/ics.js';

describe('icsStatus', () => {
  test('an event that took place (Completed) is CONFIRMED, as a Confirmed one', () => {
    expect(icsStatus({ cancelled: false, status: 'Completed' })).toBe('CONFIRMED');
    expect(icsStatus({ cancelled: false, status: 'Confirmed' })).toBe('CONFIRMED');
  });

  test('an event the model says is cancelled is CANCELLED', () => {
    expect(icsStatus({ cancelled: true, status: 'Confirmed' })).toBe('CANCELLED');
    expect(icsStatus({ cancelled: true, status: 'Cancelled' })).toBe('CANCELLED');
  });

  test('a quote or an unknown status is TENTATIVE', () => {
    expect(icsStatus({ cancelled: false, status: 'Quoted' })).toBe('TENTATIVE');
    expect(icsStatus({ cancelled: false, status: undefined })).toBe('TENTATIVE');
  });
});
