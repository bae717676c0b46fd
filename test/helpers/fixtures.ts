// Inputs shared by the unit and command tests.

/** Every datetime form the CLI accepts, and the form it is sent in (YYYY-MM-DDTHH:MM:SS). */
export const ACCEPTED_DATETIMES: Array<[given: string, sent: string]> = [
  ['2026-06-12', '2026-06-12T00:00:00'],
  ['2026-06-12 14:00', '2026-06-12T14:00:00'],
  ['2026-06-12 14:00:30', '2026-06-12T14:00:30'],
  ['2026-06-12T14:00', '2026-06-12T14:00:00'],
  ['2026-06-12T14:00:30', '2026-06-12T14:00:30'],
  ['2026-06-12T14:00:30.000', '2026-06-12T14:00:30'],
];

/**
 * `rentals events add` with every required field but the dates a person rarely sets apart;
 * `extra` flags come last, so a repeated flag overrides its default here.
 */
export function eventAddArgs(...extra: string[]): string[] {
  return [
    'events', 'add',
    '--event-name', 'Smith wedding',
    '--event-status-id', '2',
    '--rental-block-id', '1',
    '--start-date', '2026-06-12',
    '--end-date', '2026-06-13',
    ...extra,
  ];
}
