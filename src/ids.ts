/**
 * Every command, view and context key the extension names, named once (each action's command on a
 * note, a comment or a Reader post is its table's in the action catalog, src/models/actionTables.ts). package.json names them
 * too (a test checks the two agree). So are the other names it gives the editor: its webview panels,
 * its status bar item and the keys it stores under. Setting keys are settings.ts's (its catalog, which config.ts reads through). A test checks that
 * no other file of src/ spells a `contentSite.` name itself.
 */
export const VIEWS = {
  notifications: 'contentSite.notifications',
  following: 'contentSite.following',
  followedSites: 'contentSite.followedSites',
  trash: 'contentSite.trash',
  posts: 'contentSite.posts',
  reader: 'contentSite.reader',
  comments: 'contentSite.comments',
} as const;

export const COMMANDS = {
  signIn: 'contentSite.signIn',
  signInWithToken: 'contentSite.signInWithToken',
  signOut: 'contentSite.signOut',
  selectSite: 'contentSite.selectSite',
  restoreFromTrash: 'contentSite.restoreFromTrash',
  refreshAll: 'contentSite.refreshAll',
  retryFailed: 'contentSite.retryFailed',
  showSiteInfo: 'contentSite.showSiteInfo',
  showInsights: 'contentSite.showInsights',
  keyboardShortcuts: 'contentSite.keyboardShortcuts',
  notifications: {
    refresh: 'contentSite.notifications.refresh',
    loadMore: 'contentSite.notifications.loadMore',
    filter: 'contentSite.notifications.filter',
    markAllRead: 'contentSite.notifications.markAllRead',
    markRead: 'contentSite.notifications.markRead',
    markUnread: 'contentSite.notifications.markUnread',
    open: 'contentSite.notifications.open',
    show: 'contentSite.notifications.show',
    // Each note action's command (and its toggle partner) is the catalog's: src/models/noteActionCatalog.ts.
  },
  following: {
    refresh: 'contentSite.following.refresh',
    loadMore: 'contentSite.following.loadMore',
    toggleOrder: 'contentSite.following.toggleOrder',
    open: 'contentSite.following.open',
    copyLink: 'contentSite.following.copyLink',
    show: 'contentSite.following.show',
    markAllSeen: 'contentSite.following.markAllSeen',
    // Each Reader post action's command (and its toggle partner) is the catalog's: src/models/readerActionCatalog.ts.
  },
  followedSites: {
    refresh: 'contentSite.followedSites.refresh',
    loadMore: 'contentSite.followedSites.loadMore',
    /** Follow a Site…: an address from an input box. */
    follow: 'contentSite.followedSites.follow',
    unfollow: 'contentSite.followedSites.unfollow',
  },
  comments: {
    refresh: 'contentSite.comments.refresh',
    loadMore: 'contentSite.comments.loadMore',
    loadMoreIn: 'contentSite.comments.loadMoreIn',
    show: 'contentSite.comments.show',
    // Each comment action's command (and its toggle partner) is the catalog's: src/models/commentActionCatalog.ts.
  },
  trash: {
    refresh: 'contentSite.trash.refresh',
    loadMore: 'contentSite.trash.loadMore',
    restore: 'contentSite.trash.restore',
  },
  /** A site as a folder (issue 34): Clone Site into Folder…, and the Source Control view of each clone. */
  siteFolder: {
    clone: 'contentSite.siteFolder.clone',
    sync: 'contentSite.siteFolder.sync',
    checkStatus: 'contentSite.siteFolder.checkStatus',
    /** A resource of the Source Control view clicked: the diff that matters for its group. */
    openChange: 'contentSite.siteFolder.openChange',
    openFile: 'contentSite.siteFolder.openFile',
    showSiteVersion: 'contentSite.siteFolder.showSiteVersion',
    publishQueued: 'contentSite.siteFolder.publishQueued',
  },
  posts: {
    refresh: 'contentSite.posts.refresh',
    loadMore: 'contentSite.posts.loadMore',
    /** The Pages group's Load more (a list of its own; not in the palette). */
    loadMorePages: 'contentSite.posts.loadMorePages',
    newPost: 'contentSite.posts.newPost',
    publish: 'contentSite.posts.publish',
    pull: 'contentSite.posts.pull',
    openAsMarkdown: 'contentSite.posts.openAsMarkdown',
    /** Show Revisions… of a post file (its title bar, the palette, a site folder's Source Control row). */
    showRevisions: 'contentSite.posts.showRevisions',
    preview: 'contentSite.posts.preview',
    openInBrowser: 'contentSite.posts.openInBrowser',
    publishDraft: 'contentSite.posts.publishDraft',
    trash: 'contentSite.posts.trash',
    /** The Quick Fix of an image outside the workspace: copies it next to the post (not in the palette). */
    copyImageIn: 'contentSite.posts.copyImageIn',
  },
  reader: {
    refresh: 'contentSite.reader.refresh',
    loadMore: 'contentSite.reader.loadMore',
    show: 'contentSite.reader.show',
    open: 'contentSite.reader.open',
    markAllSeen: 'contentSite.reader.markAllSeen',
    /** Follow Tag…: a name from an input box. */
    followTag: 'contentSite.reader.followTag',
    unfollowTag: 'contentSite.reader.unfollowTag',
  },
} as const;

export const CONTEXT_KEYS = {
  signedIn: 'contentSite.signedIn',
  siteChosen: 'contentSite.siteChosen',
  /** The active editor is a post file (Markdown with front matter): its title bar offers Publish. */
  postFile: 'contentSite.postFile',
} as const;

/** The scheme of the read-only documents that show the site's version of a post beside the file. */
export const SCHEMES = {
  sitePost: 'content-site-post',
  /** A post file as it was last synced (pulled or published): the Source Control view's quick diff and Changed Here diffs. */
  synced: 'content-site-synced',
} as const;

/** The webview panels' view types. */
export const PANELS = {
  detail: 'contentSite.detail',
  insights: 'contentSite.insights',
} as const;

/** The status bar items' ids. */
export const STATUS_ITEMS = {
  unread: 'contentSite.unread',
} as const;

/** The Source Control provider of a site folder (vscode.scm). */
export const SOURCE_CONTROL = {
  id: 'contentSite',
} as const;

/** The file at a site folder's root that makes it one (what site, which service): `workspaceContains` in package.json names it too. */
export const MARKER_FILE = '.contentsite.json';

/** Where the extension keeps things: keys of its global state and of its secret storage. */
export const STORAGE_KEYS = {
  /** The first page of each list, for the next start's first paint (global state). */
  firstPages: 'contentSite.firstPages',
  /** The sites the user chose lately (global state). */
  recentSites: 'contentSite.recentSites',
  /** Reply drafts, followed by `:` and whose they are (global state). */
  replyDrafts: 'contentSite.replyDrafts',
  /** Images uploaded to a site's library, by content (global state): a publish sends each once. */
  uploadedMedia: 'contentSite.uploadedMedia',
  /** What this extension last read or wrote of each post (its `modified`), by service, site and post (global state). */
  seenPosts: 'contentSite.seenPosts',
  /** Publishes waiting for the service, in order (workspace state): the outbox of the workspace's site folders. */
  outbox: 'contentSite.outbox',
  /** The signed-in session (secret storage). */
  session: 'contentSite.session',
} as const;

/** Every command id above, flat. */
export function allCommandIds(): string[] {
  const out: string[] = [];
  const walk = (o: object) => {
    for (const v of Object.values(o)) {
      if (typeof v === 'string') out.push(v);
      else walk(v as object);
    }
  };
  walk(COMMANDS);
  return out;
}
