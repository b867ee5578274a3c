/**
 * Show Site Info's work (in a chunk of its own, loaded with the command; showSiteInfo.ts registers
 * it): the chosen site's sites/$site answer, fetched fresh, in a dialog.
 */
import * as vscode from 'vscode';
import type { ChosenSite } from '../models/chosenSite';
import type { SiteModel } from '../models/siteModel';
import { siteSummary } from '../models/siteSummary';
import { openExternal, requireSignIn, type CommandAuth } from './common';
import { report, reportFailure } from '../report';

export interface SiteInfoDeps {
  /** Reads a site's info from the service. */
  sites: Pick<SiteModel, 'info'>;
  site: Pick<ChosenSite, 'site'>;
  /** Asks for a site when none is chosen; undefined when the user gave up. */
  selectSite(): Promise<{ site: string } | undefined>;
  log: vscode.LogOutputChannel;
  auth: CommandAuth;
}

export async function showSiteInfo(deps: SiteInfoDeps): Promise<void> {
  if (!requireSignIn(deps)) return;
  const site = deps.site.site ?? (await deps.selectSite())?.site;
  if (!site) return;
  try {
    const info = await deps.sites.info(site);
    const [title, ...rest] = siteSummary(info);
    const open = vscode.l10n.t('Open Site');
    const pick = await report.modal(title, { info: true, detail: rest.join('\n') }, ...(info.URL ? [open] : []));
    if (pick === open) openExternal(info.URL);
  } catch (err) {
    await reportFailure(deps, err, vscode.l10n.t('Show Site Info'));
  }
}
