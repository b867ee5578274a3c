/**
 * The site's version of a post into its file: the front matter keys the site owns updated (the
 * writer's comments and order kept), the content pulled into Markdown (pullContent.ts), and what the
 * file and the site then agree on. Also what a publish writes back from the site's answer.
 */
import type { PostV11 } from '../api';
import { renderBody } from './bodyRenderer';
import { parsePostFile, siteKeys, withBody, withFrontMatter, type FileStatus, type FrontMatterChanges, type PostMeta } from './postFile';
import { PublishError, type PostMemory, type PublishClient, type Synced } from './publishBase';
import { bodyOptions, pullContent, type PulledBody } from './pullContent';

/** What pulling a post takes. */
export interface PullDeps {
  client: Pick<PublishClient, 'posts'>;
  /** The chosen site; a file whose front matter names another is refused. */
  site: string;
  posts: PostMemory;
  signal?: AbortSignal;
}

const FILE_STATUS: Record<string, FileStatus> = {
  publish: 'publish',
  draft: 'draft',
  pending: 'pending',
  private: 'private',
  future: 'future',
};

/** What the file says after the site answered: the post it is, its address and version, its status (and date when scheduled). */
export function answeredKeys(post: PostV11, site: string): FrontMatterChanges {
  const status = post.status ? FILE_STATUS[post.status] : undefined;
  return siteKeys({ status, date: post.date, id: post.ID, site, url: post.URL, modified: post.modified });
}

/**
 * The keys a publish writes back into the file from the text it returned (only the site's, over
 * whatever the file holds by then): the post it named, its address, version and status (its date
 * when scheduled), and no `unconfirmed` attempt any more.
 */
export function publishedKeys(publishedText: string): FrontMatterChanges {
  const m = parsePostFile(publishedText).meta;
  return {
    id: m.id,
    site: m.site,
    url: m.url,
    modified: m.modified,
    status: m.status,
    unconfirmed: null,
    ...(m.status === 'future' ? { date: m.date } : {}),
  };
}

/** A page's keys (type, parent, order, template), or a post's categories and tags. */
function kindKeys(post: PostV11): Partial<PostMeta> {
  if (post.type !== 'page')
    return { tags: post.tags ? Object.keys(post.tags) : undefined, categories: post.categories ? Object.keys(post.categories) : undefined };
  const parent = typeof post.parent === 'object' && post.parent ? post.parent.ID : typeof post.parent === 'number' ? post.parent : 0;
  return {
    type: 'page',
    parent,
    menu_order: post.menu_order ?? 0,
    ...(post.page_template ? { page_template: post.page_template } : {}),
  };
}

/** A pulled post's body and what the file and the site then agree on. */
async function pulled(post: PostV11): Promise<{ body: PulledBody; synced: Synced }> {
  const body = await pullContent(post.content ?? '');
  return { body, synced: { style: body, pieces: renderBody(body.body, bodyOptions(body)).pieces } };
}

/** The site's version of a post as a post file: front matter with every key, the content as Markdown (what Markdown cannot say as the site wrote it). */
export async function postAsFile(post: PostV11, site: string): Promise<{ text: string; synced: Synced }> {
  const { body, synced } = await pulled(post);
  const meta: Partial<PostMeta> = {
    title: post.title ?? '',
    ...(answeredKeys(post, site) as Partial<PostMeta>),
    ...(post.status !== 'future' && post.date ? { date: post.date } : {}),
    slug: post.slug || undefined,
    ...kindKeys(post),
    editor: body.mode,
  };
  return { text: withFrontMatter(body.body, meta), synced };
}

/** `text` holding the site's version of `post`: its front matter keys updated (the writer's comments kept), its body replaced. */
export async function withSiteVersion(text: string, post: PostV11, site: string): Promise<{ text: string; synced: Synced }> {
  const { body, synced } = await pulled(post);
  const keys: FrontMatterChanges = {
    ...answeredKeys(post, site),
    title: post.title,
    ...(kindKeys(post) as FrontMatterChanges),
    editor: body.mode,
  };
  return { text: withBody(withFrontMatter(text, keys), body.body), synced };
}

/** The site's version of the post the file names, into the file: its front matter keys updated, its body replaced. */
export async function pullPost(text: string, deps: PullDeps): Promise<{ text: string; post: PostV11; synced: Synced }> {
  const parsed = parsePostFile(text);
  const { id } = parsed.meta;
  if (id === undefined)
    throw new PublishError('This file has not been published yet (no "id" in its front matter): there is nothing to pull.');
  if (parsed.meta.site !== undefined && parsed.meta.site !== deps.site)
    throw new PublishError(
      `This file's post is on ${parsed.meta.site}, and the chosen site is ${deps.site}. Choose ${parsed.meta.site} first.`,
    );
  const post = await deps.client.posts.get(deps.site, id, { context: 'edit' }, { signal: deps.signal });
  const { text: pulledText, synced } = await withSiteVersion(text, post, deps.site);
  await deps.posts.set(deps.site, id, { modified: post.modified ?? '' });
  return { text: pulledText, post, synced };
}
