/**
 * The one place for the chosen site: what the user picked (an ID or a domain) and what
 * `sites/$site` said of it, once known. The trash, mentions, Show Site Info and Select Site read it
 * here; a vscode layer mirrors it into the setting and the `contentSite.siteChosen` context key.
 */
import type { ContentSiteClient, Site } from '../api';
import type { RefreshPart } from './batchRefresh';
import { Emitter } from './emitter';

export class ChosenSite {
  private _site: string | undefined;
  private _info: Site | undefined;
  private readonly changed = new Emitter<void>();
  readonly onDidChange = this.changed.event;

  get site(): string | undefined {
    return this._site;
  }
  get info(): Site | undefined {
    return this._info;
  }
  /** The site's name when known (or remembered from the last session), else what the user typed. */
  get label(): string | undefined {
    return this._info?.name || this.rememberedName || this._site;
  }

  /** The name the last session knew, shown until `sites/$site` answers. */
  rememberedName: string | undefined;

  /** Another site (or the same with fresh info); does nothing when nothing changes. */
  set(site: string | undefined, info?: Site): void {
    if (site === this._site && (info === undefined || info === this._info)) return;
    const sameSite = site === this._site;
    this._site = site;
    if (info !== undefined || !sameSite) this._info = info;
    if (!sameSite) this.rememberedName = undefined;
    this.changed.fire();
  }

  /**
   * The site's info in the same batch as the views, when it is not known yet and not already asked
   * (the Trash and the Comments view both want it: one request between them).
   */
  infoParts(client: ContentSiteClient): RefreshPart[] {
    const site = this._site;
    if (!site || this._info || this.asking === site) return [];
    this.asking = site;
    return [
      {
        request: client.sites.getRequest(site),
        deliver: (answer) =>
          (answer as Promise<Site>)
            .then(
              (info) => {
                if (site === this._site) this.set(site, info);
              },
              () => undefined,
            )
            .finally(() => {
              if (this.asking === site) this.asking = undefined;
            }),
      },
    ];
  }
  /** The site whose info a batch is asking for now. */
  private asking: string | undefined;

  dispose(): void {
    this.changed.dispose();
  }
}
