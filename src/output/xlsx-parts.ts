// The parts of an .xlsx (ECMA-376, SpreadsheetML) other than the sheet's rows: the package's
// content types and relationships, the workbook, and the styles the cells use (bold header, text,
// money with the currency's decimals, date, date-time and time).

import { minorUnitDigits } from './money-text.js';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export const SHEET_PATH = 'xl/worksheets/sheet1.xml';
export const SHEET_NAME = 'Sheet1';

/** Cell styles: indices into styles.xml's cellXfs. */
export const Style = { general: 0, header: 1, text: 2, money: 3, dateTime: 4, date: 5, time: 6 } as const;

export const contentTypes = (): string =>
  `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  `<Override PartName="/${SHEET_PATH}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

export const packageRelationships = (): string =>
  `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
  `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

export const workbookRelationships = (): string =>
  `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
  `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/>` +
  '</Relationships>';

/** The workbook of one sheet; `filter`: the header's range (`$A$1:$F$31`) the sheet's autofilter covers. */
export const workbook = (filter: string | undefined): string =>
  `${XML}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
  `<sheets><sheet name="${SHEET_NAME}" sheetId="1" r:id="rId1"/></sheets>` +
  (filter ? `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">${SHEET_NAME}!${filter}</definedName></definedNames>` : '') +
  '</workbook>';

/** `#,##0.00##`: the currency's minor unit always shown (2 for USD and EUR, 0 for JPY, 3 for BHD), up to the 4 decimals a price may have. */
export function moneyFormat(currency: string | undefined): string {
  const decimals = currency ? minorUnitDigits(currency) : 2;
  if (decimals === 0) return '#,##0';
  return `#,##0.${'0'.repeat(decimals)}${'#'.repeat(Math.max(0, 4 - decimals))}`;
}

export const styles = (money: string): string => {
  const xf = (numFmtId: number, fontId = 0) =>
    `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"${numFmtId === 0 ? '' : ' applyNumberFormat="1"'}${fontId === 0 ? '' : ' applyFont="1"'}/>`;
  return (
    `${XML}<styleSheet xmlns="${MAIN}">` +
    `<numFmts count="4"><numFmt numFmtId="164" formatCode="${money}"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm"/><numFmt numFmtId="166" formatCode="yyyy-mm-dd"/><numFmt numFmtId="167" formatCode="hh:mm"/></numFmts>` +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    // In the order of Style: general, header, text (@), money, date-time, date, time.
    `<cellXfs count="7">${xf(0)}${xf(49, 1)}${xf(49)}${xf(164)}${xf(165)}${xf(166)}${xf(167)}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>'
  );
};

/** The sheet's opening: the header row frozen, the columns' widths. */
export function sheetStart(widths: readonly number[]): string {
  const cols = widths.map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`).join('');
  return (
    `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (cols ? `<cols>${cols}</cols>` : '') +
    '<sheetData>'
  );
}

export function sheetEnd(filter: string | undefined): string {
  return `</sheetData>${filter ? `<autoFilter ref="${filter.replace(/\$/g, '')}"/>` : ''}</worksheet>`;
}
