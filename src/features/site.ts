/** The chosen site: the setting and the recent sites, Select Site and Show Site Info. */
import type { Site } from '../api';
import { registerSelectSite, selectSite } from '../commands/selectSite';
import { registerShowSiteInfo } from '../commands/showSiteInfo';
import { bindSiteSetting } from '../views/common/siteSetting';
import { Disposable } from '../models/disposable';
import { SiteModel } from '../models/siteModel';
import type { Shared } from '../services/shared';

export type SiteDeps = Pick<Shared, 'client' | 'site' | 'auth' | 'log' | 'state'>;

export class SiteFeature extends Disposable {
  /** Asks the user for a site and remembers it; undefined when they gave up. */
  readonly select: () => Promise<{ site: string; info: Site } | undefined>;

  constructor({ client, site, auth, log, state }: SiteDeps) {
    super();
    const setting = bindSiteSetting(site, state);
    this.registerAll(setting.disposables);
    const sites = new SiteModel(client);
    const choosing = { sites, site, auth, chooseSite: setting.choose, recentSites: setting.recent };
    this.select = () => selectSite(choosing);
    this.registerAll(registerSelectSite(choosing));
    this.registerAll(registerShowSiteInfo({ sites, site, auth, log, selectSite: this.select }));
  }
}

export function registerSite(deps: SiteDeps): SiteFeature {
  return new SiteFeature(deps);
}
