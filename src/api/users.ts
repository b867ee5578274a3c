import { parseWith } from './decode';
import { invalidInput } from './errors';
import type { CallOptions, CommonParams, Transport } from './request';
import { schemas } from './schemasLoad';
import type { SuggestedUser } from './schemas/users';
import { intInRange, LIMITS, positiveInt, site as checkSite } from './validate';

export interface SuggestParams extends CommonParams {
  site_id?: number;
  /** Domain; overrides site_id. */
  site?: string;
  filter?: string;
  image_size?: number;
  client?: string;
}

export class UsersApi {
  constructor(private readonly t: Transport) {}

  /** GET /v1.1/users/suggest: authors, editors and administrators of a site, for mentions. */
  async suggest(params: SuggestParams, opts: CallOptions = {}): Promise<SuggestedUser[]> {
    const { site_id, site, filter, image_size, client, ...common } = params;
    if (site_id === undefined && site === undefined) throw invalidInput('Choose a site: users.suggest needs site_id or site.');
    positiveInt('site_id', site_id);
    const domain = site === undefined ? undefined : checkSite(site);
    intInRange('image_size', image_size, LIMITS.imageSizeMin, LIMITS.imageSizeMax);
    const ctx = { request: 'GET /v1.1/users/suggest', site: domain ?? String(site_id) };
    const body = await this.t.send({
      method: 'GET',
      version: '1.1',
      path: '/users/suggest',
      query: { site_id, site: domain, filter, image_size, client },
      common,
      messageContext: ctx,
      signal: opts.signal,
    });
    return this.t.read(ctx.request, () => parseWith(schemas().suggestionsSchema, body, ctx).suggestions);
  }
}
