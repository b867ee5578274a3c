/**
 * Show Revisions' plain part (site-sync.md, "Revisions of a post"): which post a file's revisions are
 * those of, each revision as the QuickPick lists it, and a revision as a post file: the file's own
 * front matter with the revision's title, and its content pulled into Markdown as a pull does. The
 * same text is what the diff shows and what a restore puts into the file (then published as usual).
 */
import type { PostRevision, PostRevisions } from '../api';
import { relativeTime } from '../models/relativeTime';
import { parsePostFile, withBody, withFrontMatter } from './postFile';
import { pullContent } from './pullContent';

/** The post and site a file's revisions are read from, or why there are none to read. */
export type RevisionTarget = { site: string; id: number; problem?: undefined } | { problem: string };

export function revisionTarget(text: string): RevisionTarget {
  const { meta } = parsePostFile(text);
  if (meta.id === undefined)
    return { problem: 'This file has not been published yet (no "id" in its front matter): it has no revisions on the site yet.' };
  if (meta.site === undefined)
    return {
      problem: 'This file does not say which site its post is on (no "site" in its front matter): pull it again to find its revisions.',
    };
  return { site: meta.site, id: meta.id };
}

/** The words of the list that are not the site's (in the user's language, given by the caller). */
export interface RevisionWords {
  /** A revision whose title is empty. */
  noTitle: string;
  /** Whoever saved it, when their name is not known. */
  user(id: number): string;
}

const ENGLISH: RevisionWords = { noTitle: '(no title)', user: (id) => `user ${id}` };

export interface RevisionItem {
  revision: PostRevision;
  /** When it was saved, relative ("3 hours ago"). */
  label: string;
  /** Who saved it. */
  description: string;
  /** Its words added and deleted, and its title: "+12 −3 · Title". */
  detail: string;
}

export interface ItemOptions {
  /** Display names by user ID (the site's users, when they could be read). */
  names?: ReadonlyMap<number, string>;
  now?: number;
  /** The editor's language. */
  locale?: string;
  words?: RevisionWords;
}

/** The revision's title as shown. */
export function revisionTitle(revision: PostRevision, words: RevisionWords = ENGLISH): string {
  return revision.title.trim() || words.noTitle;
}

/** When a revision was saved, as the list and the messages say it ("3 hours ago"). */
export function revisionWhen(revision: PostRevision, now = Date.now(), locale = 'en'): string {
  return relativeTime(Date.parse(revision.modified), now, locale);
}

/** The revisions as the QuickPick lists them: newest first. */
export function revisionItems(all: PostRevisions, options: ItemOptions = {}): RevisionItem[] {
  const words = options.words ?? ENGLISH;
  const diffs = new Map(all.diffs.map((d) => [d.to, d]));
  return [...all.revisions].reverse().map((revision) => {
    const diff = diffs.get(revision.id);
    return {
      revision,
      label: revisionWhen(revision, options.now, options.locale),
      description: options.names?.get(revision.author) ?? words.user(revision.author),
      detail: `+${diff?.add ?? 0} −${diff?.del ?? 0} · ${revisionTitle(revision, words)}`,
    };
  });
}

/**
 * The file `text` holding `revision`: its front matter kept (comments, order, the post and site it
 * names, its last synced version) but for the title and the editor the content was written in, and
 * its body the revision's content as Markdown. Throws a LimitError for content a pull refuses too.
 */
export async function revisionAsFile(text: string, revision: Pick<PostRevision, 'title' | 'content'>): Promise<string> {
  const body = await pullContent(revision.content);
  return withBody(withFrontMatter(text, { title: revision.title, editor: body.mode }), body.body);
}
