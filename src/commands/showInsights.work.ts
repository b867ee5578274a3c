/**
 * Show Insights' work (in a chunk of its own, loaded with the command; showInsights.ts registers
 * it): pick a report from `insights`, then chart `insights/$slug` in a panel of its own.
 */
import * as vscode from 'vscode';
import type { InsightsModel } from '../models/insightsModel';
import { showInsightsPanel } from '../views/insights/insightsPanel';
import { requireSignIn, type CommandAuth } from './common';
import { report, reportFailure } from '../report';

export interface InsightsDeps {
  /** The reports offered, and each report's figures. */
  insights: Pick<InsightsModel, 'reports' | 'report'>;
  log: vscode.LogOutputChannel;
  auth: CommandAuth;
  /** Where media/ is (the chart's script and styles). */
  extensionUri: vscode.Uri;
}

export async function showInsights(deps: InsightsDeps): Promise<void> {
  if (!requireSignIn(deps)) return;
  try {
    const { name, reports } = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Loading insights…') },
      () => deps.insights.reports(),
    );
    if (reports.length === 0) {
      void report.info(vscode.l10n.t('The service offers no insights for your account.'));
      return;
    }
    const pick = await vscode.window.showQuickPick(
      reports.map((r) => ({ label: r.title, description: r.slug, report: r })),
      { title: name ?? vscode.l10n.t('Insights'), placeHolder: vscode.l10n.t('Choose a report') },
    );
    if (pick) showInsightsPanel(deps.extensionUri, deps.insights, pick.report.slug, pick.report.title, deps.log);
  } catch (err) {
    await reportFailure(deps, err, vscode.l10n.t('Show Insights'));
  }
}
