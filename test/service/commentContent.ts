/**
 * The text of a new or edited comment, as the service stores it: trimmed, refused when empty or
 * too long, its paragraphs wrapped in `<p>` and any markup escaped.
 */
import { ApiError, str, type Params } from './http';

/** The longest comment the service stores (WordPress's comment_content column). */
export const MAX_COMMENT_CHARS = 65_525;

const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function commentHtml(params: Params): string {
  const raw = str(params, 'content')?.trim() ?? '';
  if (!raw) throw new ApiError(400, 'invalid_input', 'Comment content is empty.');
  if (raw.length > MAX_COMMENT_CHARS) throw new ApiError(400, 'comment_content_column_length', 'Your comment is too long.');
  return raw
    .split(/\n{2,}/)
    .map((p) => `<p>${escape(p.trim())}</p>`)
    .join('\n');
}
