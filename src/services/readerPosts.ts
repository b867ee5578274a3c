/**
 * Acting on Reader posts, shared by the views that show them: the one ReaderPostActions (a post
 * liked in Following shows liked in Freshly Pressed, and on its page), over every list of Reader
 * posts, and the views whose rows the commands read. Following and the Reader each add their list
 * and view; the Reader posts' commands (features/readerPosts.ts) act through this.
 */
import { undoMs } from '../config';
import { Disposable, type Disposal } from '../models/disposable';
import { ReaderPostActions, type ReaderList } from '../models/readerPostActions';
import type { SiteChanges } from '../models/siteChanges';
import type { ContentSiteClient } from '../api';
import type { ReaderViews } from '../commands/readerPostTargets';

type View = ReaderViews['following'];

export class ReaderPosts extends Disposable {
  readonly actions: ReaderPostActions;
  private readonly lists = new Set<ReaderList>();
  private readonly shown: { following?: View; reader?: View } = {};

  constructor(o: { client: () => ContentSiteClient; changes: SiteChanges }) {
    super();
    this.actions = this.register(new ReaderPostActions({ client: o.client, lists: () => [...this.lists], changes: o.changes, undoMs }));
  }

  /** A feature's list of Reader posts, and the view that shows it. */
  add(name: 'following' | 'reader', list: ReaderList, view: View): Disposal {
    this.lists.add(list);
    this.shown[name] = view;
    return {
      dispose: () => {
        this.lists.delete(list);
        if (this.shown[name] === view) delete this.shown[name];
      },
    };
  }

  /** The views whose rows are Reader posts (a view not made shows nothing: its rows are never given). */
  readonly views: ReaderViews = {
    following: this.viewOf('following'),
    reader: this.viewOf('reader'),
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
