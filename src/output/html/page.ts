// One self-contained HTML page: inline CSS only (no scripts, fonts, images or links), and a
// Content-Security-Policy that forbids fetching anything, so a page saved or mailed shows the
// same everywhere and never calls out. Print CSS sizes it for A4 or Letter.

import type { PaperSize } from '../../config/settings-table.js';
import { type Markup, html, markupText, trusted } from './markup.js';

export type { PaperSize };

export interface PageOptions {
  title: string;
  /** The page's own styles (after the shared ones): the program's constant CSS. */
  css: string;
  /** Body markup, built with `html` (every value in it escaped). */
  body: Markup;
  size: PaperSize;
  landscape?: boolean;
}

const BASE_CSS = `
*{box-sizing:border-box}
html{-webkit-print-color-adjust:exact;print-color-adjust:exact}
body{margin:24px;color:#111;background:#fff;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
h1{font-size:22px;margin:0 0 4px}
h2{font-size:17px;margin:20px 0 6px}
.meta{color:#444;margin:0 0 12px}
table{border-collapse:collapse;width:100%}
th,td{border-bottom:1px solid #bbb;padding:4px 6px;text-align:left;vertical-align:top}
th{border-bottom:2px solid #333;font-weight:600}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
footer{margin-top:24px;color:#555;font-size:12px}
@media print{
  body{margin:0;font-size:10pt}
  thead{display:table-header-group}
  tr,.keep{break-inside:avoid}
}`;

export function htmlPage(options: PageOptions): string {
  const page = `@page{size:${options.size}${options.landscape ? ' landscape' : ''};margin:12mm}`;
  return markupText(html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title}</title>
<style>${trusted(`${BASE_CSS}\n${page}\n${options.css}`)}</style>
</head>
<body>
${options.body}
</body>
</html>
`);
}
