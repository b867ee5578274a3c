/**
 * The tags the user subscribes to: one page, no cursor. Unfollowing one is an operation on the list
 * core (gone at once, back with the service's reason when refused); following one by name shows the
 * tags the service answers with (its answer lists them all).
 */
import { mapPrepared, type ContentSiteClient, type ContentSiteError, type SubscribedTags } from '../api';
import { asError } from './asError';
import type { Effect, OperationOutcome } from './listCore';
import { ListModel } from './listModel';

export type Tag = SubscribedTags['tags'][number];

export type TagFollowResult = { kind: 'followed'; tag: Tag | undefined; slug: string } | { kind: 'failed'; error: ContentSiteError };

const hide: Effect<Tag> = () => undefined;

/** A tag's name as people type it ("Short Stories") as the slug a path names it by ("short-stories"). */
export const tagSlugOf = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, '-');

export class TagsModel extends ListModel<Tag, never> {
  keyOf(tag: Tag): string {
    return String(tag.ID ?? tag.slug ?? tag.display_name);
  }

  protected pageRequest(client: ContentSiteClient) {
    return mapPrepared(client.reader.tagsRequest(), (r) => ({ items: r.tags, next: undefined }));
  }

  /** The tags of these keys as the service has them now (a lost answer is settled by asking). */
  protected override async fetchItems(client: ContentSiteClient, keys: readonly string[]): Promise<Tag[]> {
    const wanted = new Set(keys);
    return (await client.run(client.reader.tagsRequest())).tags.filter((t) => wanted.has(this.keyOf(t)));
  }

  /** Follows the tag named `name` (its slug); the list then holds the tags the service answered with. */
  async follow(name: string): Promise<TagFollowResult> {
    const slug = tagSlugOf(name);
    const take = this.list.beginFetch({ add: () => true });
    try {
      const answer = await (await this.client().reader.actions()).followTag(slug);
      const tags = answer.tags ?? [];
      const now = new Set(tags.map((t) => this.keyOf(t)));
      // The answer lists every tag the user follows: one it leaves out is no longer followed.
      take(tags, answer.tags ? this.items.map((t) => this.keyOf(t)).filter((k) => !now.has(k)) : []);
      return { kind: 'followed', slug, tag: tags.find((t) => t.slug === slug) };
    } catch (err) {
      take([]);
      return { kind: 'failed', error: asError(err) };
    }
  }

  /** Stops following the tag of `key`: gone at once; a refusal brings it back. Undefined when it is not shown. */
  unfollow(key: string): Promise<OperationOutcome<Tag, unknown>> | undefined {
    const tag = this.list.get(key);
    const slug = tag?.slug ?? (tag?.display_name ? tagSlugOf(tag.display_name) : undefined);
    if (!tag || !slug) return undefined;
    return this.list.perform(new Map([[key, hide]]), async () => (await this.client().reader.actions()).unfollowTag(slug));
  }
}
