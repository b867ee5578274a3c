import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { localized } from '../../localize';
import { ContentSiteError } from '../../api/errors';
import { INSIGHT_UNITS, type InsightUnit } from '../../api/insights';
import type { InsightQuery, InsightsModel } from '../../models/insightsModel';
import { summaryRows, toSeries } from '../../models/insightSeries';
import { insightsPage } from '../../render/insightsPage';
import { makeNonce } from '../../render/page';
import { PANELS } from '../../ids';

/** One webview per report: a chart of insights/$slug with unit and date-range controls. */
export function showInsightsPanel(
  extensionUri: vscode.Uri,
  insights: Pick<InsightsModel, 'report'>,
  slug: string,
  title: string,
  log: vscode.LogOutputChannel,
): vscode.WebviewPanel {
  const media = vscode.Uri.joinPath(extensionUri, 'media');
  const panel = vscode.window.createWebviewPanel(PANELS.insights, title, vscode.ViewColumn.Active, {
    enableScripts: true,
    localResourceRoots: [media],
    retainContextWhenHidden: false,
  });
  const w = panel.webview;
  const uri = (...p: string[]) => w.asWebviewUri(vscode.Uri.joinPath(media, ...p)).toString();
  w.html = insightsPage({
    title,
    nonce: makeNonce(randomBytes),
    cspSource: w.cspSource,
    uplotJs: uri('vendor', 'uPlot.iife.min.js'),
    uplotCss: uri('vendor', 'uPlot.min.css'),
    styleUri: uri('detail.css'),
    scriptUri: uri('insights.js'),
    units: INSIGHT_UNITS,
  });
  let last = 0;
  const load = async (q: InsightQuery) => {
    const ticket = ++last;
    try {
      const report = await insights.report(slug, q);
      if (ticket === last) void w.postMessage({ type: 'report', unit: q.unit, series: toSeries(report), summaries: summaryRows(report) });
    } catch (err) {
      const message = err instanceof ContentSiteError ? localized(err.userMessage) : String(err);
      log.warn(`Insights ${slug}: ${message}`);
      if (ticket === last) void w.postMessage({ type: 'error', message });
    }
  };
  const sub = w.onDidReceiveMessage((m: unknown) => {
    if (typeof m !== 'object' || m === null) return;
    const msg = m as { type?: string; unit?: unknown; after?: unknown; before?: unknown };
    if (msg.type === 'ready') void load({ unit: 'weekly' });
    if (msg.type === 'query') {
      const unit = INSIGHT_UNITS.includes(msg.unit as InsightUnit) ? (msg.unit as InsightUnit) : 'weekly';
      const time = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);
      void load({ unit, after: time(msg.after), before: time(msg.before) });
    }
  });
  panel.onDidDispose(() => sub.dispose());
  return panel;
}
