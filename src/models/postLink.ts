import type { PostV11 } from '../api';

/** Where a post is read on the web: its address, with `preview=true` while it is not published (as the service's web client previews). */
export function postLink(post: Pick<PostV11, 'URL' | 'status'>): string | undefined {
  if (!post.URL) return undefined;
  if (post.status === 'publish' || post.status === 'private') return post.URL;
  let url: URL;
  try {
    url = new URL(post.URL);
  } catch {
    // Not an address: given back as it is, for the caller to refuse and name.
    return post.URL;
  }
  url.searchParams.set('preview', 'true');
  return url.toString();
}
