/**
 * User-facing sentences for the service's errors: one place, keyed by identifier and message, so
 * every row of the spec's error tables reads as something a person can act on.
 */
export interface MessageContext {
  /** The site the request was about (domain or ID), when there was one. */
  site?: string;
}

type Sentence = (ctx: MessageContext) => string;

const on = (ctx: MessageContext): string => (ctx.site ? ` on ${ctx.site}` : '');
const siteName = (ctx: MessageContext): string => ctx.site ?? 'this site';

/** Exact (identifier, message) rows of the spec's error table. */
const byMessage: Record<string, Sentence> = {
  'invalid_query|Missing or invalid site id.': () => 'Choose a site first: the service did not recognise the site for mentions.',
  'unauthorized|User cannot access this private blog.': (c) =>
    `You can't access ${siteName(c)}: it is a private site and your account is not a member. Ask an administrator to invite you.`,
  'unauthorized|User cannot access this restricted blog': (c) =>
    `You can't access ${siteName(c)}: access to it is restricted. Ask an administrator to add you.`,
  'unknown_user|User does not exist.': () => 'Your account no longer exists on the service. Sign out and sign in with another account.',
  'unauthorized|SEO tools are not enabled for this site.': (c) =>
    `You can't restore this post${on(c)}: SEO tools are not enabled for the site. Enable them in the site's settings or remove the post's SEO data.`,
  'invalid_input|Invalid file type.': (c) => `You can't restore this item${on(c)}: its file type is not allowed.`,
  'unauthorized|User cannot delete post': (c) =>
    `You can't restore this post${on(c)}: you may only restore posts you can delete, such as your own.`,
  'invalid_field|Invalid API FIELD': () =>
    'The request named a field the service does not know. Update the extension or report the problem.',
  'unauthorized|User cannot restore trashed posts': (c) =>
    `You can't restore posts${on(c)}: your role can't restore trashed posts. Ask an editor or administrator.`,
  'unauthorized|Assigned author cannot publish post.': (c) =>
    `You can't restore this post${on(c)}: its author isn't allowed to publish it. Ask an editor to change the author.`,
  'unauthorized|User cannot delete posts': (c) => `You can't restore this${on(c)}: your role can't delete posts of this type.`,
  'unauthorized|User cannot edit posts': (c) => `You can't restore this${on(c)}: your role can't edit posts of this type.`,
  'bad_request|Incorrect Parameters.': () =>
    'The service refused to change the notifications: the request was incomplete. Refresh and try again.',
  'not_found|Not a valid URL.': () => 'The service did not recognise that notifications address. Update the extension.',
  'authorization_required|An active access token must be used to retrieve notifications.': () =>
    'Sign in to see and change your notifications.',
  // Acting on notes (note-actions.md).
  'unauthorized|User cannot edit comment': (c) =>
    `You can't moderate comments on ${siteName(c)}: only its administrators and editors can approve or mark comments as spam.`,
  'unauthorized|User cannot delete comment': (c) => `You can't trash comments on ${siteName(c)}: only its administrators and editors can.`,
  'unauthorized|User cannot read unapproved comment': (c) =>
    `You can't act on this comment${on(c)}: it is awaiting moderation, and only the site's moderators can see it.`,
  'unauthorized|User cannot reply to this comment': (c) => `You can't reply to this comment${on(c)}: it is in the spam or the trash.`,
  'authorization_required|An active access token must be used to act on comments, posts or sites.': () =>
    'Sign in to approve, like, reply to or follow from a notification.',
  'invalid_input|Comment content is empty.': () => 'Write something to reply: the reply is empty.',
  // Writing posts (writing.md).
  'unauthorized|User cannot publish posts': (c) => `You can't write posts on ${siteName(c)}: your role there does not allow it.`,
  'unauthorized|User cannot edit post': (c) =>
    `You can't edit this post${on(c)}: it is someone else's, and your role lets you edit only your own.`,
  'unauthorized|User cannot upload media.': (c) => `You can't upload images to ${siteName(c)}: your role there does not allow it.`,
  'invalid_input|Invalid request input': () => 'The post is empty: give it a title or some text.',
};

/** Identifier-only fallbacks. */
const byCode: Record<string, Sentence> = {
  invalid_token: () => 'Your sign-in has expired or was revoked. Sign in again.',
  authorization_required: () => 'Sign in to do this.',
  unknown_blog: (c) => `${c.site ? `The site ${c.site}` : 'The site'} was not found. Check the site address or ID.`,
  unknown_post: (c) => `That post no longer exists${on(c)}. Refresh the list.`,
  empty_post_ids: () => 'Choose at least one post to restore.',
  invalid_number: () => 'The service refused the page size. Choose a smaller page size in the settings.',
  unauthorized: (c) => `You don't have permission to do this${on(c)}.`,
  'old-revision': () => 'The post changed on the site since this file last saw it.',
  rest_upload_file_too_big: () => 'The image is larger than the site accepts.',
  rest_upload_limited_space: (c) => `There is not enough space left on ${siteName(c)} for the image.`,
  unknown_comment: (c) => `That comment no longer exists${on(c)}. Refresh the notifications.`,
  unknown_note: () => 'That notification no longer exists. Refresh the notifications.',
  comments_closed: (c) => `Comments are closed on this post${on(c)}: your reply was not posted.`,
  comment_duplicate: () => "You've already posted this reply: the service refuses the same words twice. Change the text to post it again.",
  comment_content_column_length: () => 'The reply is too long for the service. Shorten it and send it again.',
};

export function sentenceFor(
  code: string | undefined,
  message: string | undefined,
  status: number | undefined,
  ctx: MessageContext = {},
): string {
  const exact = code && message !== undefined ? byMessage[`${code}|${message}`] : undefined;
  if (exact) return exact(ctx);
  const general = code ? byCode[code] : undefined;
  if (general) return general(ctx);
  if (status === 401) return byCode.invalid_token(ctx);
  if (status !== undefined && status >= 500) return `The service is having trouble (HTTP ${status}). Try again in a moment.`;
  if (message) return `The service refused the request: ${message}`;
  return `The service refused the request (HTTP ${status ?? 'unknown'}).`;
}
