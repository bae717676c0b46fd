// What a spreadsheet does to a name that looks like something else, between an export and the
// file saved back: `007` becomes 7, `0123456789012345678` 1.23456789012346E+17, `50%` 50.00%,
// `2026-03-05` 05.03.2026, and `Café` CafÃ© when a UTF-8 file is opened as Windows-1252. An
// import that meets such a name beside the live one reports it and keeps the live name: nobody
// renamed anything. `--renames` writes the file's name as it is.

/** How `written` is `live` as a spreadsheet rewrote it (`its leading zeros dropped`), or undefined when it is another name. */
export function spreadsheetRewrite(live: string, written: string): string | undefined {
  if (live === written || written.trim() === '') return undefined;
  return mojibake(live, written) ?? formulaGuard(live, written) ?? percent(live, written) ?? number(live, written) ?? date(live, written);
}

/** The characters Windows-1252 has at 0x80–0x9f (undefined: none there). */
const CP1252_HIGH = [
  0x20ac, undefined, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, undefined, 0x017d, undefined,
  undefined, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, undefined, 0x017e, 0x0178,
];

/** UTF-8 bytes read one character each, as Windows-1252 (`cp1252`) or ISO-8859-1 reads them. */
function readAsSingleBytes(text: string, cp1252: boolean): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const high = cp1252 && byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80] : undefined;
    out += String.fromCharCode(high ?? byte);
  }
  return out;
}

function mojibake(live: string, written: string): string | undefined {
  if (!/[^\u0000-\u007f]/.test(live)) return undefined;
  if (written === readAsSingleBytes(live, true)) return 'its UTF-8 read as Windows-1252';
  if (written === readAsSingleBytes(live, false)) return 'its UTF-8 read as ISO-8859-1';
  return undefined;
}

function formulaGuard(live: string, written: string): string | undefined {
  return written === `'${live}` && /^[=+\-@]/.test(live) ? "the csv formula guard's quote kept" : undefined;
}

/** `50%`, `50.00 %`, `50,5%`: the fraction (0.5); undefined for anything else. */
function percentValue(text: string): number | undefined {
  const match = /^\s*([+-]?\d+(?:[.,]\d+)?)\s*%\s*$/.exec(text);
  return match ? Number(match[1]!.replace(',', '.')) / 100 : undefined;
}

function percent(live: string, written: string): string | undefined {
  const was = percentValue(live);
  if (was === undefined) return undefined;
  const now = percentValue(written) ?? numberValue(written);
  return now !== undefined && sameNumber(was, now) ? 'a percent reformatted' : undefined;
}

/** `007`, `1e5`, `1.23456789012346E+17`, `1,5`: the number; undefined for anything else. */
function numberValue(text: string): number | undefined {
  const match = /^\s*[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?\s*$/.exec(text);
  if (!match) return undefined;
  const value = Number(text.trim().replace(',', '.'));
  return Number.isFinite(value) ? value : undefined;
}

/** Equal to the 15 significant digits a spreadsheet keeps of a number. */
function sameNumber(a: number, b: number): boolean {
  return a === b || a.toPrecision(15) === b.toPrecision(15);
}

function number(live: string, written: string): string | undefined {
  const was = numberValue(live);
  const now = numberValue(written);
  if (was === undefined || now === undefined || !sameNumber(was, now)) return undefined;
  if (/e/i.test(written) && !/e/i.test(live)) return 'written in scientific notation';
  if (/^\s*[+-]?0\d/.test(live) && !/^\s*[+-]?0\d/.test(written)) return 'its leading zeros dropped';
  if (was !== now) return 'cut to the 15 digits a spreadsheet keeps';
  return written.includes(',') && !live.includes(',') ? 'written with a decimal comma' : 'a number reformatted';
}

interface DayOfYear {
  year?: number;
  month: number;
  day: number;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Every day a date-like text may mean (`03/05/2026`: 5 March or 3 May); empty when it is no date. */
function daysOf(text: string): DayOfYear[] {
  const value = text.trim().replace(/[ T]00:00(?::00)?$/, '');
  const days: DayOfYear[] = [];
  const add = (year: number | undefined, month: number, day: number) => {
    if (month >= 1 && month <= 12 && day >= 1 && day <= 31) days.push({ year: year === undefined ? undefined : year % 100, month, day });
  };
  const year = (y: string | undefined) => (y === undefined || y === '' ? undefined : Number(y));
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (m) add(year(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\.(\d{1,2})\.?(\d{2}|\d{4})?$/.exec(value);
  if (m) add(year(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})[/-](\d{1,2})(?:[/-](\d{2}|\d{4}))?$/.exec(value);
  if (m) {
    add(year(m[3]), Number(m[1]), Number(m[2]));
    add(year(m[3]), Number(m[2]), Number(m[1]));
  }
  m = /^(\d{1,2})[- ]([a-z]{3})[a-z]*\.?(?:[- ](\d{2}|\d{4}))?$/i.exec(value);
  if (m) add(year(m[3]), MONTHS.indexOf(m[2]!.toLowerCase()) + 1, Number(m[1]));
  m = /^([a-z]{3})[a-z]*\.?[- ](\d{1,2})(?:,? (\d{2}|\d{4}))?$/i.exec(value);
  if (m) add(year(m[3]), MONTHS.indexOf(m[1]!.toLowerCase()) + 1, Number(m[2]));
  return days;
}

function date(live: string, written: string): string | undefined {
  const was = daysOf(live);
  if (was.length === 0) return undefined;
  const now = daysOf(written);
  const same = was.some((a) => now.some((b) => a.month === b.month && a.day === b.day && (a.year === undefined || b.year === undefined || a.year === b.year)));
  return same ? 'read as a date and written back in another form' : undefined;
}
