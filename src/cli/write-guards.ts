// The override of the booking rules, on every command that writes bookings (calendar, bookings
// verbs, bulk): one help line wherever the flag is declared.

export const ALLOW_OVERBOOK_HELP = 'write even when others hold the units, with a warning';
