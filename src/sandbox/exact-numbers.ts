// JSON.parse rounds a number to the nearest double before anyone sees it: `"price": 0.100000000000000001`
// arrives as 0.1, and `1e400` as Infinity (stored as null). A value that would not come back as sent
// is refused, so the body's text is checked: every number literal must be exactly the double it becomes.

/** Literals this short (no exponent) always survive a double: at most 15 significant digits. */
const ALWAYS_EXACT = /^-?\d{1,15}$|^-?(?=[\d.]{1,16}$)\d+\.\d+$/;
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The first number literal of a well-formed JSON text that a double cannot hold digit for digit. */
export function inexactNumber(json: string): string | undefined {
  if (!mayHoldInexact(json)) return undefined; // the usual body: every run of digits is short
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < json.length && json.charCodeAt(i) !== QUOTE; i++) if (json.charCodeAt(i) === BACKSLASH) i++;
      continue;
    }
    if (c !== 0x2d && (c < 0x30 || c > 0x39)) continue;
    NUMBER.lastIndex = i;
    const literal = NUMBER.exec(json)?.[0];
    if (literal === undefined) continue;
    if (!ALWAYS_EXACT.test(literal) && exactValue(literal) !== exactValue(String(Number(literal)))) return literal;
    i += literal.length - 1;
  }
  return undefined;
}

/** A canonical text of a decimal's exact value (`-` digits `e` exponent), or the text itself when not a number. */
function exactValue(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return text;
  const [, sign, whole, fraction = '', exponent = '0'] = m;
  let digits = (whole! + fraction).replace(/^0+/, '');
  let power = Number(exponent) - fraction.length;
  if (digits === '') return '0';
  const trailing = digits.length - digits.replace(/0+$/, '').length;
  digits = digits.slice(0, digits.length - trailing);
  power += trailing;
  return `${sign}${digits}e${power}`;
}

/** Without a run of 16 digits and dots or a digit followed by an exponent, no literal has more than 15 digits. */
function mayHoldInexact(json: string): boolean {
  let run = 0;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if ((c >= 0x30 && c <= 0x39) || c === 0x2e) {
      if (++run >= 16) return true;
    } else {
      if ((c === 0x65 || c === 0x45) && run > 0) return true;
      run = 0;
    }
  }
  return false;
}
