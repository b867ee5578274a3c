/**
 * Where a Reader post is held: a post may be in several lists (Following, Freshly Pressed, a tag's
 * posts), each keying it its own way, so an action finds it by site_ID + ID in each and shows there
 * through one list-core operation per list, settled together. No vscode here.
 */
import type { FeedPost } from '../api';
import type { Effect, PendingOperation } from './listCore';
import type { ListModel } from './listModel';
import { ofTarget, refKey, refOf, type PostRef } from './readerPostEffects';

/** A list of Reader posts, and the key it holds a post under (what its operations name it by). */
export type ReaderList = ListModel<FeedPost, unknown> & { keyOf(post: FeedPost): string };

/** One post in one list: where an operation on it shows. */
export interface Holder {
  model: ReaderList;
  key: string;
  ref: PostRef;
}

/** One operation per list over the posts it holds, settled together. */
export interface Across {
  /** Confirms each post with its effect (undefined: dropped, it shows what the service has). */
  settle(effectOf: (h: Holder) => Effect<FeedPost> | undefined): void;
  fail(): void;
}

export class ReaderHolders {
  constructor(readonly lists: () => readonly ReaderList[]) {}

  /** Shows `effectOf` over each post held, one operation per list. */
  begin(holders: readonly Holder[], effectOf: (h: Holder) => Effect<FeedPost>): Across {
    const byList = new Map<ReaderList, Holder[]>();
    for (const h of holders) byList.set(h.model, [...(byList.get(h.model) ?? []), h]);
    const ops: Array<{ op: PendingOperation<FeedPost>; held: Holder[] }> = [];
    for (const [model, held] of byList) ops.push({ op: model.list.begin(new Map(held.map((h) => [h.key, effectOf(h)]))), held });
    return {
      settle: (confirmed) => {
        for (const { op, held } of ops) {
          const effects = new Map<string, Effect<FeedPost>>();
          for (const h of held) {
            const effect = confirmed(h);
            if (effect) effects.set(h.key, effect);
          }
          if (effects.size > 0) op.confirm(effects);
          else op.fail();
        }
      },
      fail: () => {
        for (const { op } of ops) op.fail();
      },
    };
  }

  /** A change the service confirmed (told by another view): shown at once, until a later fetch brings it. */
  confirmed(holders: readonly Holder[], effectOf: (h: Holder) => Effect<FeedPost>): void {
    this.begin(holders, effectOf).settle(effectOf);
  }

  /** Where each post is held, by refKey: every list the service sent it in (shown, or hidden by an operation). */
  of(refs: readonly PostRef[]): Map<string, Holder[]> {
    const wanted = new Set(refs.map(refKey));
    const found = new Map<string, Holder[]>();
    for (const model of this.lists())
      for (const post of model.list.sent()) {
        const ref = refOf(post);
        const k = refKey(ref);
        if (wanted.has(k)) found.set(k, [...(found.get(k) ?? []), { model, key: model.keyOf(post), ref }]);
      }
    return found;
  }

  /** Every post of the site or feed, in every list. */
  matching(target: { siteId?: number; feedId?: number }): Holder[] {
    const out: Holder[] = [];
    for (const model of this.lists())
      for (const post of model.list.sent()) if (ofTarget(post, target)) out.push({ model, key: model.keyOf(post), ref: refOf(post) });
    return out;
  }

  /** The post as a list shows it now, else as given. */
  current(ref: PostRef, given: readonly FeedPost[]): FeedPost | undefined {
    const k = refKey(ref);
    for (const model of this.lists()) for (const post of model.items) if (refKey(refOf(post)) === k) return post;
    return given.find((p) => refKey(refOf(p)) === k);
  }

  /** Reads the loaded lists again (those `which` picks); each shows its own failure. */
  async refresh(which: (list: ReaderList) => boolean = () => true): Promise<void> {
    await Promise.all(
      this.lists()
        .filter((l) => l.state.kind !== 'idle' && which(l))
        .map((l) => l.refresh().catch(() => undefined)),
    );
  }
}
