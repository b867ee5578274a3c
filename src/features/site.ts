/** The chosen site: the setting, Select Site and Show Site Info. */
import { registerSelectSite } from '../commands/selectSite';
import { registerShowSiteInfo } from '../commands/showSiteInfo';
import { SiteModel } from '../models/siteModel';
import { bindSiteSetting } from '../views/common/siteSetting';
import { Disposable } from '../models/disposable';
import type { Shared } from '../services/shared';

export type SiteDeps = Pick<Shared, 'client' | 'site' | 'selectSite' | 'auth' | 'log'>;

export class SiteFeature extends Disposable {
  constructor({ client, site, selectSite, auth, log }: SiteDeps) {
    super();
    this.registerAll(bindSiteSetting(site));
    this.registerAll(registerSelectSite({ auth, selectSite }));
    this.registerAll(registerShowSiteInfo({ sites: new SiteModel(client), site, auth, log, selectSite }));
  }
}
