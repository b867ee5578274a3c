/** The statuses a listing may ask for and those a write may set; what a create or an update sends; a restore's outcome. */
import type { ContentSiteError } from './errors';
import type { PostV11 } from './schemas/post';

export const POST_LIST_STATUSES = ['publish', 'private', 'draft', 'pending', 'future', 'trash'] as const;
export type PostListStatus = (typeof POST_LIST_STATUSES)[number];
export const WRITE_STATUSES = ['publish', 'private', 'draft', 'pending', 'future'] as const;
export type WriteStatus = (typeof WRITE_STATUSES)[number];

/** What a create or an update sends. The whole content every time: an update without it may turn stored Markdown into HTML. */
export interface PostWrite {
  title?: string;
  content?: string;
  excerpt?: string;
  slug?: string;
  status?: WriteStatus;
  /** ISO 8601. */
  date?: string;
  /** Names, each sent whole (a comma in a name is part of it); unknown ones are created where the user may. */
  tags?: readonly string[];
  categories?: readonly string[];
  /** An attachment ID; '' removes the featured image. */
  featured_image?: number | '';
  /** `page` makes a page (posts/new only; a post stays a post): pages take a parent, an order and a template, not terms. */
  type?: 'post' | 'page';
  /** The parent page's ID (0: at the top). */
  parent?: number;
  menu_order?: number;
  page_template?: string;
  /** Metadata to set (`update`, the default), add or delete; a protected key (leading `_`) is not written. */
  metadata?: ReadonlyArray<{ key: string; value?: string; operation?: 'update' | 'add' | 'delete' }>;
}

export interface PostUpdate extends PostWrite {
  /** The `modified` the client last saw: a post changed since is refused with 409 old-revision, not overwritten. */
  if_not_modified_since?: string;
}

export type RestoreOutcome = { ok: true; post: PostV11 } | { ok: false; error: ContentSiteError };
