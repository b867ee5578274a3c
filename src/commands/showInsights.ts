import * as vscode from 'vscode';
import type { ContentSiteClient } from '../api';
import { showInsightsPanel } from '../views/insights/insightsPanel';
import { COMMANDS } from '../ids';
import { reportError, requireSignIn, type CommandAuth } from './common';

export interface InsightsDeps {
  client: () => ContentSiteClient;
  log: vscode.LogOutputChannel;
  auth: CommandAuth;
  /** Where media/ is (the chart's script and styles). */
  extensionUri: vscode.Uri;
}

/** What an item of the insights list calls itself (the spec leaves its shape out). */
function describe(item: unknown): { slug: string; title: string } | undefined {
  if (typeof item === 'string') return { slug: item, title: item };
  if (typeof item !== 'object' || item === null) return undefined;
  const o = item as Record<string, unknown>;
  const slug = [o.slug, o.id, o.name].find((v): v is string => typeof v === 'string' && v !== '');
  if (!slug) return undefined;
  const title = [o.title, o.name, o.label].find((v): v is string => typeof v === 'string' && v !== '') ?? slug;
  return { slug, title };
}

/** Content Site: Show Insights — pick a report from `insights`, then chart `insights/$slug`. */
export function registerShowInsights(deps: InsightsDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.showInsights, async () => {
      if (!requireSignIn(deps)) return;
      try {
        const list = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Loading insights…') },
          () => deps.client().insights.list(),
        );
        const reports = list.insights.map(describe).filter((r) => r !== undefined);
        if (reports.length === 0) {
          void vscode.window.showInformationMessage(vscode.l10n.t('The service offers no insights for your account.'));
          return;
        }
        const pick = await vscode.window.showQuickPick(
          reports.map((r) => ({ label: r.title, description: r.slug, report: r })),
          { title: list.name ?? vscode.l10n.t('Insights'), placeHolder: vscode.l10n.t('Choose a report') },
        );
        if (pick) showInsightsPanel(deps.extensionUri, deps.client, pick.report.slug, pick.report.title, deps.log);
      } catch (err) {
        await reportError(deps, err, vscode.l10n.t('Show Insights'));
      }
    }),
  ];
}
