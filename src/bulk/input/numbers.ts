// Numbers as a spreadsheet writes them in its locale: `155,25` in German, `1.200,50` with a
// thousands group, `155.25` in English. A file says which by its separator (a `;`-separated file
// comes from a locale whose decimal mark is the comma) or the user does (`--locale de`); the
// price is then read in the API's form (`155.25`). A comma where none is expected is refused with
// a message that names the decimal-comma case, never guessed.

import { UsageError } from '../../errors.js';

export interface NumberStyle {
  /** The decimal mark; `either`: a `;`-separated file without --locale, whose numbers may use the point or the comma (one mark, no groups). */
  decimal: '.' | ',' | 'either';
  /** The locale's thousands mark (`.` in de, `,` in en, a narrow space in fr): accepted between groups of three digits. */
  group?: string;
  /** For messages: `--locale de`, `a ;-separated file`. */
  name: string;
  /** `text` in the API's form (`1200.50`), or undefined when it is not a plain number in this style. */
  plain(text: string): string | undefined;
}

/** A `;`-separated file without --locale: written where the comma is the decimal mark, maybe not. */
export const SEMICOLON_FILE: NumberStyle = {
  decimal: 'either',
  name: 'a ;-separated file',
  plain: (text) => {
    const value = text.trim();
    return /^\d+(?:[.,]\d+)?$/.test(value) ? value.replace(',', '.') : undefined;
  },
};

/** The decimal and thousands marks of a locale (`de`, `fr-CH`, `en-GB`), from the platform's locale data. */
export function localeMarks(tag: string, flag = '--locale'): { decimal: '.' | ','; group: string; locale: string } {
  let locale: string;
  try {
    [locale = ''] = Intl.getCanonicalLocales(tag);
  } catch {
    throw new UsageError(`${flag}: ${JSON.stringify(tag)} is not a locale (give a language tag such as de, fr, en-GB, de-CH)`);
  }
  const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(12345.5);
  const decimal = parts.find((p) => p.type === 'decimal')?.value === ',' ? ',' : '.';
  return { decimal, group: parts.find((p) => p.type === 'group')?.value ?? '', locale };
}

const escape = (mark: string): string => mark.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Spaces a French sheet may write for its narrow no-break space. */
const SPACES = ' \u00a0\u202f';

/**
 * The numbers of a locale: `155,25` and `1.200,50` in de, `1,200.50` in en.
 */
export function styleOfLocale(tag: string): NumberStyle {
  const { decimal, group, locale } = localeMarks(tag);
  const mark = escape(decimal);
  const plain = new RegExp(`^\\d+(?:${mark}\\d+)?$`);
  const groups = group !== '' && SPACES.includes(group) ? `[${SPACES}]` : escape(group);
  const grouped = group === '' ? undefined : new RegExp(`^(\\d{1,3}(?:${groups}\\d{3})+)(?:${mark}(\\d+))?$`);
  const groupMarks = new RegExp(groups, 'g');
  return {
    decimal,
    group,
    name: `--locale ${locale}`,
    plain: (text) => {
      const value = text.trim();
      if (plain.test(value)) return value.replace(decimal, '.');
      const found = grouped?.exec(value);
      if (!found) return undefined;
      const whole = found[1]!.replace(groupMarks, '');
      return found[2] === undefined ? whole : `${whole}.${found[2]}`;
    },
  };
}

/**
 * Why a price cell is no number where a spreadsheet's locale is the likely cause, or undefined
 * (the value's own rule then says it): `155,25` in a comma-separated file, `1.200,50` in a
 * `;`-separated one, `12.50` under --locale de.
 */
export function localeProblem(text: string, style: NumberStyle | undefined): string | undefined {
  const value = text.trim();
  // 1,200.50: an English spreadsheet's thousands group (LibreOffice saves a price as shown).
  const english = /^\d{1,3}(?:,\d{3})+\.\d+$/.test(value) ? 'give the file\'s locale (--locale en reads 1,200.50)' : undefined;
  if (style === undefined) {
    if (english) return `has a thousands separator: write the price without it (1200.50), or ${english}`;
    const comma = /^(\d+),(\d+)$/.exec(value);
    if (!comma || comma[2]!.length === 3) return undefined;
    const point = `${comma[1]}.${comma[2]}`;
    return `has a decimal comma: ${value} is ${point} as a spreadsheet in a German, French or other decimal-comma locale writes it; say so with --locale (e.g. --locale de), or write ${point}`;
  }
  if (style.decimal === 'either') {
    if (!/^\d{1,3}([.,]\d{3})+([.,]\d+)?$/.test(value) && !/^\d+[.,]\d+[.,]\d+$/.test(value)) return undefined;
    return `has a thousands separator: write the price without it (1200.50 or 1200,50), or ${english ?? "give the file's locale (--locale de reads 1.200,50)"}`;
  }
  if (!/^[\d.,\s\u00a0\u202f]+$/.test(value)) return undefined;
  const example = `1${style.group === '' ? '' : style.group}200${style.decimal}50`;
  return `is not a number as ${style.name} writes it (decimal mark "${style.decimal}", e.g. ${example})`;
}
