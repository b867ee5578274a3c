/**
 * Select Site's picker (in a chunk of its own, loaded when a site is first asked for; selectSite.ts
 * wires it).
 */
import * as vscode from 'vscode';
import type { Site } from '../api';
import { ContentSiteError } from '../api/errors';
import { localized } from '../localize';
import { report } from '../report';
import type { ChosenSite } from '../models/chosenSite';
import type { SiteModel } from '../models/siteModel';
import { siteFromInput } from '../models/siteInput';
import { isProblem, showProblem, type ProblemItem } from '../views/common/quickPickProblem';
import type { CommandAuth } from './common';

export interface SelectSiteDeps {
  /** Reads a site's info and the user's primary site from the service. */
  sites: Pick<SiteModel, 'info' | 'primarySite'>;
  site: Pick<ChosenSite, 'site' | 'set'>;
  /** Remembers a site the user chose (the setting and the recent list). */
  chooseSite(site: string): Promise<void>;
  recentSites(): string[];
  auth: CommandAuth;
}

/**
 * Asks for a site (an ID, a domain or its address; recent ones and the user's primary site are
 * offered first), checks it with sites/$site while the box stays open, and remembers it.
 * Resolves to the chosen site, or undefined when the user gave up.
 */
export async function selectSite(deps: SelectSiteDeps): Promise<{ site: string; info: Site } | undefined> {
  const qp = vscode.window.createQuickPick<vscode.QuickPickItem | ProblemItem>();
  qp.title = vscode.l10n.t('Select Site');
  qp.placeholder = vscode.l10n.t('A site ID, a domain such as example.wordpress.com, or the site’s address');
  qp.ignoreFocusOut = true;
  const offered = new Set(deps.recentSites());
  if (deps.site.site) offered.add(deps.site.site);
  const items = () => [...offered].map((s) => ({ label: s, description: s === deps.site.site ? vscode.l10n.t('current') : undefined }));
  qp.items = items();
  void deps.sites
    .primarySite()
    .then((primary) => {
      if (primary && !offered.has(primary)) {
        offered.add(primary);
        qp.items = [...items().filter((i) => i.label !== primary), { label: primary, description: vscode.l10n.t('your primary site') }];
      }
    })
    .catch(() => undefined);
  qp.onDidChangeValue((v) => {
    const parsed = siteFromInput(v);
    showProblem(qp, v.trim() && 'problem' in parsed ? localized(parsed.problem) : undefined);
  });
  return new Promise((resolve) => {
    let result: { site: string; info: Site } | undefined;
    qp.onDidAccept(async () => {
      const active = qp.activeItems[0];
      const typed = qp.value.trim() || (active && !isProblem(active) ? active.label : '');
      const parsed = siteFromInput(typed);
      if ('problem' in parsed) {
        showProblem(qp, localized(parsed.problem));
        return;
      }
      qp.busy = true;
      qp.enabled = false;
      try {
        const info = await deps.sites.info(parsed.site);
        await deps.chooseSite(parsed.site);
        deps.site.set(parsed.site, info);
        result = { site: parsed.site, info };
        void report.info(vscode.l10n.t('Posts and Trash now show {0}.', info.name || parsed.site));
        qp.hide();
      } catch (err) {
        if (err instanceof ContentSiteError && err.kind === 'auth') {
          qp.hide();
          await deps.auth.handleUnauthorized();
          return;
        }
        showProblem(
          qp,
          err instanceof ContentSiteError && err.status === 404
            ? vscode.l10n.t('No site {0} was found. Check the ID or address.', parsed.site)
            : localized(err instanceof ContentSiteError ? err.userMessage : String(err)),
        );
      } finally {
        qp.busy = false;
        qp.enabled = true;
      }
    });
    qp.onDidHide(() => {
      qp.dispose();
      resolve(result);
    });
    qp.show();
  });
}
