/**
 * Suggestions for `@mentions` from users/suggest: debounced, cached per site and letters, and quiet
 * when signed out or refused (a private blog, not a member): one log line, no pop-ups while typing.
 */
import { ContentSiteError, type ContentSiteClient, type SuggestedUser } from '../api';

export interface MentionSourceOptions {
  client: () => ContentSiteClient;
  site: () => string | undefined;
  signedIn: () => boolean;
  debounceMs?: number;
  imageSize?: number;
  log?: (message: string) => void;
}

export class MentionSource {
  private readonly cache = new Map<string, Promise<SuggestedUser[]>>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private wake: ((latest: boolean) => void) | undefined;
  private refused = new Set<string>();

  constructor(private readonly o: MentionSourceOptions) {}

  /** The users for `letters` on `site` (the chosen site by default); [] when there is nothing to ask or it was refused. */
  async suggest(
    letters: string,
    cancelled: () => boolean = () => false,
    site: string | undefined = this.o.site(),
  ): Promise<SuggestedUser[]> {
    if (!site || !this.o.signedIn() || this.refused.has(site)) return [];
    // Letters typed quickly: only the last call asks; the ones it replaced answer nothing.
    if (!(await this.debounce()) || cancelled()) return [];
    const key = `${site}\n${letters.toLowerCase()}`;
    let pending = this.cache.get(key);
    if (!pending) {
      pending = this.o
        .client()
        .users.suggest({
          site: /^\d+$/.test(site) ? undefined : site,
          site_id: /^\d+$/.test(site) ? Number(site) : undefined,
          filter: letters || undefined,
          image_size: this.o.imageSize ?? 64,
        })
        .catch((err: unknown) => {
          this.cache.delete(key);
          if (err instanceof ContentSiteError && (err.status === 403 || err.status === 404)) this.refused.add(site);
          this.o.log?.(`Mentions for ${site} are unavailable: ${err instanceof ContentSiteError ? err.userMessage : String(err)}`);
          return [];
        });
      this.cache.set(key, pending);
    }
    return pending;
  }

  /** Forget cached answers and refusals (signed in again, another site). */
  reset(): void {
    this.cache.clear();
    this.refused.clear();
  }

  private debounce(): Promise<boolean> {
    const ms = this.o.debounceMs ?? 150;
    if (ms <= 0) return Promise.resolve(true);
    if (this.timer) {
      clearTimeout(this.timer);
      this.wake?.(false);
    }
    return new Promise((resolve) => {
      this.wake = resolve;
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.wake = undefined;
        resolve(true);
      }, ms);
    });
  }
}
