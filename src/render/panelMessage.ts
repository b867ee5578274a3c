/**
 * Messages from the detail webview to the extension. The page is ours, but what it sends is
 * checked anyway: only known types, only from the render the extension made last (its token),
 * links only over http(s). Anything else is ignored.
 */
import { safeUrl } from './sanitize';

export type PanelMessage = { type: 'open'; href: string } | { type: 'loadImages' };

export function readPanelMessage(message: unknown, token: string): PanelMessage | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const m = message as Record<string, unknown>;
  if (!token || m.token !== token) return undefined;
  if (m.type === 'loadImages') return { type: 'loadImages' };
  if (m.type === 'open' && typeof m.href === 'string' && /^https?:\/\//i.test(m.href)) {
    const href = safeUrl(m.href, ['https', 'http']);
    return href ? { type: 'open', href } : undefined;
  }
  return undefined;
}
