/**
 * A post file's name from a slug the site gave (or a title): safe on every system the workspace may
 * be opened on. Letters and digits of any script, `-` and `_` are kept; a percent-encoded slug is
 * read as the text it encodes; the stem is at most 100 bytes of UTF-8 (names of 255 bytes are the
 * common limit, and `-2.md` may follow); Windows' device names (CON, PRN, AUX, NUL, COM1–9, LPT1–9,
 * in any case, with any extension) get `-post` after them.
 */
const MAX_STEM_BYTES = 100;
const DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

function decoded(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}

/** Cuts `text` to at most `max` bytes of UTF-8, never inside a character. */
function cutToBytes(text: string, max: number): string {
  const encoder = new TextEncoder();
  if (encoder.encode(text).length <= max) return text;
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    const n = encoder.encode(ch).length;
    if (bytes + n > max) break;
    out += ch;
    bytes += n;
  }
  return out;
}

/** The stem of a post file (no extension) for `slug`; `fallback` when nothing of it is usable. */
export function fileStem(slug: string | undefined, fallback: string): string {
  const clean = decoded(slug ?? '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}_-]+/gu, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  const stem = cutToBytes(clean, MAX_STEM_BYTES).replace(/-+$/, '') || fallback;
  return DEVICE.test(stem) ? `${stem}-post` : stem;
}

/**
 * A file name as a disk that ignores case and Unicode normalisation compares it (macOS, Windows, and
 * a copy of the folder onto one): two names with one key are one file there, so a folder never holds both.
 */
export function nameKey(name: string): string {
  return name.normalize('NFC').toLowerCase().normalize('NFC');
}
