// Which items can stand in for which: the `alternatives` setting, `Item=Alt|Alt; Item=Alt`
// (names or ids). The API says nothing of what is interchangeable, so the shop says it here. A
// rule is one way, in the order of preference written: `LED Uplight=LED Par 64|LED Bar` lets a
// Par 64, else a Bar, stand in for an Uplight, not the other way round. Names are matched against
// the catalog when used (stand-ins.ts), never when the setting is stored.

export interface AlternativeRule {
  item: string;
  alternatives: string[];
}

/** The rule of the setting's text, as a phrase after "must be" (the settings table's `rule`). */
export const ALTERNATIVES_RULE = 'Item=Alternative|Alternative rules separated by ";", names or ids (e.g. "LED Uplight=LED Par 64|LED Bar; Marquee 6x12=Marquee 6x9")';

type RulesResult = { ok: true; rules: AlternativeRule[] } | { ok: false; problem: string };

export function readAlternatives(text: string): RulesResult {
  const rules: AlternativeRule[] = [];
  for (const part of text.split(';')) {
    if (part.trim() === '') continue;
    const equals = part.indexOf('=');
    const item = equals < 0 ? '' : part.slice(0, equals).trim();
    const alternatives = equals < 0 ? [] : part.slice(equals + 1).split('|').map((a) => a.trim()).filter((a) => a !== '');
    if (item === '' || alternatives.length === 0) return { ok: false, problem: `${JSON.stringify(part.trim())} is not a rule: the setting must be ${ALTERNATIVES_RULE}` };
    rules.push({ item, alternatives });
  }
  return { ok: true, rules };
}
