import type { ReconSessionView } from '@shared/domain/reconciliation';

// The reconciliation report laid out for paper (issue 29): one self-contained page of HTML with its own
// print CSS, printed to PDF by Electron (printToPDF) or Chromium. Figures are written as computed
// (decimal strings, locale-neutral): a printed report is evidence, the same whoever prints it.

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const esc = (v: string | number | null | undefined) =>
  v === null || v === undefined ? '—' : String(v).replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const CSS = `
@page { size: A4; margin: 16mm 14mm; }
* { box-sizing: border-box; }
body { font: 10pt/1.4 system-ui, sans-serif; color: #000; margin: 0; }
h1 { font-size: 16pt; margin: 0 0 4pt; }
h2 { font-size: 12pt; margin: 14pt 0 4pt; break-after: avoid; }
.meta { margin: 0 0 8pt; }
.meta dt { font-weight: 600; float: left; clear: left; width: 34mm; }
.meta dd { margin: 0 0 2pt 36mm; }
.sandbox { border: 2pt solid #000; padding: 4pt 8pt; font-weight: 700; }
table { width: 100%; border-collapse: collapse; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
th, td { border-bottom: 0.5pt solid #888; padding: 3pt 4pt; text-align: left; vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.flag { font-weight: 700; }
.chain { font-family: ui-monospace, monospace; word-break: break-all; }
`;

function assetRows(s: ReconSessionView): string {
  return s.lines
    .map(
      (l) => `<tr>
<td>${esc(l.coin.toUpperCase())}</td><td>${esc(l.network)}</td>
<td class="num">${esc(l.start?.total ?? null)}</td><td class="num">${esc(l.end?.total ?? null)}</td>
<td class="num">${esc(l.expected)}</td><td class="num">${esc(l.observed)}</td>
<td class="num">${esc(l.difference)}</td>
<td${l.flagged ? ' class="flag"' : ''}>${esc(l.flagged ? `Flagged: ${l.reasons.join('; ') || 'see exceptions'}` : 'Reconciled')}</td>
</tr>`,
    )
    .join('\n');
}

function exceptionRows(s: ReconSessionView): string {
  const items = s.items.filter((i) => i.blocking || i.review);
  if (items.length === 0 && s.exceptions.length === 0) return '<p>No exceptions.</p>';
  const rows = items
    .map(
      (i) => `<tr><td>${esc(i.title)}</td><td>${esc(i.detail)}</td>
<td>${i.review ? `${esc(i.review.note)} — ${esc(i.review.by)}, ${esc(i.review.at)}` : '<span class="flag">No note</span>'}</td></tr>`,
    )
    .join('\n');
  const words = s.exceptions.map((e) => `<li>${esc(e)}</li>`).join('');
  return `${words ? `<ul>${words}</ul>` : ''}
<table><thead><tr><th>Item</th><th>Detail</th><th>Note</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The report of a reconciliation session as a printable HTML page (UTF-8, no outside resources). */
export function reconReportHtml(s: ReconSessionView): string {
  const closed = s.closed
    ? `${esc(s.closed.by)}, ${esc(s.closed.at)}${s.closed.withExceptions ? ' (with exceptions)' : ''}`
    : 'Not closed yet';
  const chain = s.chain.ok
    ? `Verified, ${esc(s.chain.events)} events; head <span class="chain">${esc(s.chain.head)}</span>`
    : '<span class="flag">The chain check failed when these figures were computed</span>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Reconciliation ${esc(s.id)}</title><style>${CSS}</style></head>
<body>
<h1>Reconciliation report #${esc(s.id)}</h1>
${s.environment === 'sandbox' ? '<p class="sandbox">SANDBOX — not payable: play money, not books.</p>' : ''}
<dl class="meta">
<dt>Profile</dt><dd>${esc(s.profileId)} (${esc(s.environment)})</dd>
<dt>Period (UTC)</dt><dd>${esc(s.period.from)} to ${esc(s.period.to)}</dd>
<dt>Figures as of</dt><dd>${esc(s.asOf)}</dd>
<dt>Closed by</dt><dd>${closed}</dd>
${s.closed ? `<dt>Closing note</dt><dd>${esc(s.closed.note)}</dd>` : ''}
<dt>Journal chain</dt><dd>${chain}</dd>
</dl>
<h2>Per asset</h2>
<table><thead><tr><th>Coin</th><th>Network</th><th>Start balance</th><th>End balance</th><th>Expected</th><th>Observed</th><th>Difference</th><th>Status</th></tr></thead>
<tbody>${assetRows(s)}</tbody></table>
<h2>Exceptions and notes</h2>
${exceptionRows(s)}
</body></html>
`;
}
