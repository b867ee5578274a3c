// The insights webview: draws the report the extension sends with uPlot (media/vendor), in the
// theme's colours, and asks the extension for another unit or date range. Text only, never HTML.
/* global uPlot, acquireVsCodeApi */
(function () {
  const vscode = acquireVsCodeApi();
  const $ = (id) => document.getElementById(id);
  let plot;

  const css = (name, fallback) => getComputedStyle(document.body).getPropertyValue(name).trim() || fallback;
  const toDay = (input) => (input.value ? Math.floor(Date.parse(input.value + 'T00:00:00Z') / 1000) : undefined);

  function ask() {
    $('status').textContent = 'Loading…';
    vscode.postMessage({ type: 'query', unit: $('unit').value, after: toDay($('after')), before: toDay($('before')) });
  }

  function draw(series, unit) {
    const width = Math.max(320, $('chart').clientWidth || 600);
    const opts = {
      width,
      height: 300,
      scales: { x: { time: true } },
      axes: [
        { stroke: css('--vscode-foreground', '#888'), grid: { stroke: css('--vscode-editorWidget-border', '#8883') } },
        { stroke: css('--vscode-foreground', '#888'), grid: { stroke: css('--vscode-editorWidget-border', '#8883') } },
      ],
      series: [
        {},
        { label: unit, stroke: css('--vscode-charts-blue', '#3794ff'), width: 2, fill: css('--vscode-charts-blue', '#3794ff') + '22' },
      ],
    };
    if (plot) plot.destroy();
    plot = new uPlot(opts, [series.x, series.y], $('chart'));
  }

  function summaries(rows) {
    const body = $('summaries').querySelector('tbody');
    body.replaceChildren();
    for (const r of rows) {
      const tr = document.createElement('tr');
      for (const v of [r.period, r.count, r.change ?? '']) {
        const td = document.createElement('td');
        td.textContent = v;
        tr.appendChild(td);
      }
      body.appendChild(tr);
    }
  }

  window.addEventListener('message', (event) => {
    const m = event.data;
    if (!m || typeof m !== 'object') return;
    if (m.type === 'report') {
      $('unit').value = m.unit;
      $('status').textContent = m.series.x.length ? m.series.x.length + ' points' : 'No data for this range.';
      draw(m.series, m.unit);
      summaries(m.summaries);
    } else if (m.type === 'error') {
      $('status').textContent = m.message;
    }
  });
  for (const id of ['unit', 'after', 'before']) $(id).addEventListener('change', ask);
  vscode.postMessage({ type: 'ready' });
})();
