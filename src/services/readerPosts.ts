/**
 * Acting on Reader posts, shared by the views that show them: the one ReaderPostActions (a post
 * liked in Following shows liked in Freshly Pressed, and on its page), over every list of Reader
 * posts, and the views whose rows the commands read. Following and the Reader each add their list
 * and view; the Reader posts' commands (features/readerPosts.ts) act through `actions()`.
 *
 * The actions (a chunk of their own) are imported with the first of them. Until then, what another view tells
 * of a site (unfollowed in Followed Sites, followed by address) reads the lists that show only
 * followed sites again, so they are true to the service without the part.
 */
import { undoMs } from '../config';
import { Disposable, type Disposal } from '../models/disposable';
import { Emitter } from '../models/emitter';
import type { ReaderList, ReaderPostActions } from '../models/readerPostActions';
import type { SiteChanges } from '../models/siteChanges';
import type { ContentSiteClient } from '../api';
import type { ReaderViews } from '../commands/readerPostTargets';

type View = ReaderViews['following'];
type SiteChange = Parameters<Parameters<ReaderPostActions['onDidChange']>[0]>[0];

export class ReaderPosts extends Disposable {
  private loaded: ReaderPostActions | undefined;
  private loading: Promise<ReaderPostActions> | undefined;
  private readonly changed = this.register(new Emitter<SiteChange>());
  /** What the actions change (a site's removal and its undo), heard before they are loaded too. */
  readonly onDidChange = this.changed.event;
  /** Each list, and the name of the view that shows it (the Reader shows several: Freshly Pressed, each opened tag's posts). */
  private readonly lists = new Map<ReaderList, 'following' | 'reader'>();
  private readonly shown: { following?: View; reader?: View } = {};
  private readonly beforeLoad: Disposal;

  constructor(private readonly o: { client: () => ContentSiteClient; changes: SiteChanges }) {
    super();
    this.beforeLoad = this.register(
      o.changes.onFollow(() => {
        if (this.loaded) return;
        for (const list of this.lists.keys())
          if ((list as { followedOnly?: boolean }).followedOnly && list.state.kind !== 'idle') void list.refresh();
      }),
    );
  }

  /** The actions, imported and made with the first (a failure to import is a rejection: the command reports it). */
  actions(): Promise<ReaderPostActions> {
    this.loading ??= import('../models/readerPostActions').then(
      ({ ReaderPostActions }) => {
        if (!this.loaded) {
          this.loaded = this.register(
            new ReaderPostActions({ client: this.o.client, lists: () => [...this.lists.keys()], changes: this.o.changes, undoMs }),
          );
          this.register(this.loaded.onDidChange((c) => this.changed.fire(c)));
          this.beforeLoad.dispose();
        }
        return this.loaded;
      },
      (err: unknown) => {
        this.loading = undefined;
        throw err;
      },
    );
    return this.loading;
  }

  /** Unfollows and blocks still in their undo window are sent now (nothing when nothing was loaded). */
  flush(): Promise<void> {
    return this.loaded?.flush() ?? Promise.resolve();
  }

  /** A feature's list of Reader posts, and the view that shows it. */
  add(name: 'following' | 'reader', list: ReaderList, view: View): Disposal {
    this.lists.set(list, name);
    this.shown[name] = view;
    return {
      dispose: () => {
        this.lists.delete(list);
        // The view stays while it shows another list (a tag's posts dropped, Freshly Pressed still shown).
        if (this.shown[name] === view && ![...this.lists.values()].includes(name)) delete this.shown[name];
      },
    };
  }

  /** The list that holds the post (by site and ID), for its page to follow. */
  listOf(post: { site_ID?: number | string; ID: number | string }): ReaderList | undefined {
    for (const list of this.lists.keys()) if (list.items.some((p) => p.site_ID === post.site_ID && p.ID === post.ID)) return list;
    return undefined;
  }

  /** The views whose rows are Reader posts (a view not made shows nothing: its rows are never given). */
  readonly views: ReaderViews = {
    following: this.viewOf('following'),
    reader: this.viewOf('reader'),
    find: (key) => {
      for (const list of this.lists.keys()) {
        const post = list.items.find((p) => `${String(p.site_ID)}/${String(p.ID)}` === key);
        if (post) return post;
      }
      return undefined;
    },
  };

  private viewOf(name: 'following' | 'reader'): View {
    const shown = this.shown;
    const none = { selection: [] as never[] };
    return {
      get view() {
        return (shown[name]?.view ?? none) as View['view'];
      },
      get redrawing() {
        return shown[name]?.redrawing ?? false;
      },
      rowsKnown: (ms?: number) => shown[name]?.rowsKnown(ms) ?? Promise.resolve(),
    };
  }
}
