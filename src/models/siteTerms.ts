/**
 * A site's categories and tags, kept per site for completion, the unknown-category warning and the
 * hover: read once (every page, up to MAX_TERMS), read again when older than `maxAgeMs` or when
 * told the site may have new ones (a publish can create them). One read at a time per site and
 * kind; a failed read keeps what was known. No vscode here.
 */
import type { ContentSiteClient, SiteTerm, TermKind } from '../api';
import { TERMS_MAX_NUMBER } from '../api/terms';
import { Emitter } from './emitter';

/** The most terms of one kind kept for a site: ten pages of 1,000. */
export const MAX_TERMS = 10 * TERMS_MAX_NUMBER;
/** How long a site's terms are taken as they are before they are read again. */
export const TERMS_MAX_AGE_MS = 10 * 60_000;

interface Held {
  terms?: SiteTerm[];
  at?: number;
  reading?: Promise<SiteTerm[]>;
}

export class SiteTerms {
  private readonly held = new Map<string, Held>();
  private readonly changed = new Emitter<{ site: string; kind: TermKind }>();
  /** Fired when a site's terms of a kind were read (new ones may be there). */
  readonly onDidChange = this.changed.event;

  constructor(private readonly o: { client: () => ContentSiteClient; now?: () => number; maxAgeMs?: number; pageSize?: number }) {}

  /** What is known now (maybe old), without waiting; a read starts when nothing is known or it is old. */
  peek(site: string, kind: TermKind): readonly SiteTerm[] | undefined {
    const h = this.held.get(`${kind}:${site}`);
    if (!h?.terms || this.old(h)) void this.get(site, kind).catch(() => undefined);
    return h?.terms;
  }

  /** The site's terms of `kind`: what is known when it is recent, else read (rejects when the read fails and nothing is known). */
  async get(site: string, kind: TermKind): Promise<readonly SiteTerm[]> {
    const key = `${kind}:${site}`;
    const h = this.held.get(key) ?? {};
    this.held.set(key, h);
    if (h.terms && !this.old(h)) return h.terms;
    h.reading ??= this.read(site, kind).then(
      (terms) => {
        if (this.held.get(key) === h) Object.assign(h, { terms, at: this.now(), reading: undefined });
        this.changed.fire({ site, kind });
        return terms;
      },
      (err: unknown) => {
        h.reading = undefined;
        throw err;
      },
    );
    try {
      return await h.reading;
    } catch (err) {
      if (h.terms) return h.terms;
      throw err;
    }
  }

  /** The site may have new terms (a publish created them): the next use reads them again. */
  stale(site: string): void {
    for (const kind of ['categories', 'tags'] as const) {
      const h = this.held.get(`${kind}:${site}`);
      if (h) h.at = undefined;
    }
  }

  /** Forget every site (signed out). */
  clear(): void {
    this.held.clear();
  }

  dispose(): void {
    this.changed.dispose();
  }

  private old(h: Held): boolean {
    return h.at === undefined || this.now() - h.at > (this.o.maxAgeMs ?? TERMS_MAX_AGE_MS);
  }

  private now(): number {
    return this.o.now?.() ?? Date.now();
  }

  private async read(site: string, kind: TermKind): Promise<SiteTerm[]> {
    const client = this.o.client();
    const number = this.o.pageSize ?? TERMS_MAX_NUMBER;
    const out: SiteTerm[] = [];
    for (let page = 1; out.length < MAX_TERMS; page++) {
      const got = await client.terms.list(site, kind, { number, page, order_by: 'name' });
      out.push(...got.terms);
      // A term left out unread still filled the page.
      if (got.terms.length + got.unreadable < number || out.length >= got.found) break;
    }
    return out.slice(0, MAX_TERMS);
  }
}
