/** The tags the user subscribes to: one page, no cursor. */
import { mapPrepared, type ContentSiteClient, type SubscribedTags } from '../api';
import { ListModel } from './listModel';

export type Tag = SubscribedTags['tags'][number];

export class TagsModel extends ListModel<Tag, never> {
  protected keyOf(tag: Tag): string {
    return String(tag.ID ?? tag.slug ?? tag.display_name);
  }

  protected pageRequest(client: ContentSiteClient) {
    return mapPrepared(client.reader.tagsRequest(), (r) => ({ items: r.tags, next: undefined }));
  }
}
