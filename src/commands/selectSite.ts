/**
 * Select Site, and the one way everything else asks for a site: the picker (selectSite.work.ts, in
 * its own chunk) over the service's sites and the recent ones.
 */
import * as vscode from 'vscode';
import type { ContentSiteClient, Site } from '../api';
import { COMMANDS } from '../ids';
import { SiteModel } from '../models/siteModel';
import { rememberedSites } from '../views/common/siteSetting';
import { requireSignIn, type CommandAuth } from './common';
import { commandWork } from './commandWork';
import type { SelectSiteDeps } from './selectSite.work';

/**
 * The extension's one way to ask for a site (Select Site, and whatever needs a site when none is
 * chosen): `selectSite` over the service's sites and the recent ones kept in `state`.
 */
export function siteChooser(deps: {
  client: () => ContentSiteClient;
  site: SelectSiteDeps['site'];
  auth: CommandAuth;
  log: vscode.LogOutputChannel;
  state: vscode.Memento;
}): () => Promise<{ site: string; info: Site } | undefined> {
  const { choose, recent } = rememberedSites(deps.state);
  const choosing: SelectSiteDeps = {
    sites: new SiteModel(deps.client),
    site: deps.site,
    auth: deps.auth,
    chooseSite: choose,
    recentSites: recent,
  };
  const work = commandWork(() => import('./selectSite.work'), deps);
  return () => work(vscode.l10n.t('Select Site'), (m) => m.selectSite(choosing));
}

export function registerSelectSite(deps: { auth: CommandAuth; selectSite(): Promise<unknown> }): vscode.Disposable[] {
  return [
    // Choosing another site reloads the trash (wired where the chosen site is).
    vscode.commands.registerCommand(COMMANDS.selectSite, () => requireSignIn(deps) && deps.selectSite()),
  ];
}
