/** The insights webview document: uPlot from media/vendor (bundled, no CDN), our script, a strict CSP. */
import { csp, documentHead } from './page';
import { escapeHtml } from './sanitize';

export interface InsightsPageParts {
  title: string;
  nonce: string;
  cspSource: string;
  uplotJs: string;
  uplotCss: string;
  styleUri: string;
  scriptUri: string;
  units: readonly string[];
}

export function insightsPage(p: InsightsPageParts): string {
  const options = p.units.map((u) => `<option value="${escapeHtml(u)}">${escapeHtml(u)}</option>`).join('');
  return `${documentHead(p.title, csp(p.nonce, p.cspSource), [p.uplotCss, p.styleUri])}
<h1 id="title">${escapeHtml(p.title)}</h1>
<form id="controls">
  <label>Unit <select id="unit">${options}</select></label>
  <label>After <input type="date" id="after"></label>
  <label>Before <input type="date" id="before"></label>
</form>
<p id="status" role="status"></p>
<div id="chart"></div>
<table id="summaries"><thead><tr><th>Period</th><th>Count</th><th>Change</th></tr></thead><tbody></tbody></table>
<script nonce="${p.nonce}" src="${escapeHtml(p.uplotJs)}"></script>
<script nonce="${p.nonce}" src="${escapeHtml(p.scriptUri)}"></script>
</body></html>`;
}
