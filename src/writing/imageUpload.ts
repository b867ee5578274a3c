/**
 * A post file's local images into the site's library: each checked (imageFiles.ts: inside the
 * workspace folder that holds the post, within the site's upload rules, an image by its bytes) and
 * uploaded once, remembered by its content, the new ones in one request.
 */
import { ContentSiteError } from '../api/errors';
import type { MediaFile } from '../api/media';
import { checkImage, imageBlob, type PostPlace, type UploadRules } from './imageFiles';
import { isLocalSrc, localImages } from './localImages';
import type { ParsedPost, Problem } from './postFile';
import { PublishError, type MediaMemory, type PublishClient } from './publishBase';

/** What uploading a post's images takes. */
export interface UploadDeps {
  client: Pick<PublishClient, 'media'>;
  /** The chosen site; a file whose front matter names another is refused. */
  site: string;
  memory: MediaMemory;
  /** The post file's folder and the workspace folder that holds it: images come only from inside that. */
  place: PostPlace;
  /** The site's upload limit and accepted types (asked only when there is an image to check). */
  rules(): Promise<UploadRules>;
  signal?: AbortSignal;
}

/** Every local image the file names, with the line (0-based, in the file) it is named on. */
export function imageRefs(parsed: ParsedPost): Array<{ src: string; line: number }> {
  const wanted = localImages(parsed.body).map((i) => ({ src: i.src, line: parsed.bodyStartLine + i.line }));
  const featured = parsed.meta.featured_image;
  if (featured && isLocalSrc(featured) && !wanted.some((w) => w.src === featured))
    wanted.push({ src: featured, line: parsed.valueLines.featured_image ?? 0 });
  return wanted;
}

/** Uploads the local images not yet in the library (one request for all of them) and says where each src now points. */
export async function uploadImages(
  parsed: ParsedPost,
  deps: UploadDeps,
): Promise<{ urls: Map<string, { ID: number; URL: string }>; uploaded: number }> {
  const refs = imageRefs(parsed);
  const urls = new Map<string, { ID: number; URL: string }>();
  if (refs.length === 0) return { urls, uploaded: 0 };
  const rules = await deps.rules();
  const files: Array<{ src: string; file: MediaFile; sha256: string }> = [];
  for (const { src, line } of refs) {
    const checked = await checkImage(src, deps.place, rules);
    if (!checked.ok) {
      const problem: Problem = { line, column: 0, endLine: line, endColumn: 1, message: checked.message, severity: 'error' };
      throw new PublishError(`Line ${line + 1}: ${checked.message} Nothing was published.`, [problem], checked.path);
    }
    const known = deps.memory.get(deps.site, checked.sha256);
    if (known) urls.set(src, known);
    else files.push({ src, sha256: checked.sha256, file: { name: checked.name, type: checked.type, data: await imageBlob(checked) } });
  }
  const uploaded = await uploadOnce(
    files,
    deps,
    (why, file) => `The site refused the image ${file ?? files.map((p) => p.src).join(', ')}: ${why} Nothing was published.`,
  );
  files.forEach((p, i) => urls.set(p.src, uploaded.items[i]));
  return { urls, uploaded: uploaded.sent };
}

/**
 * Each file's item in the site's library: the remembered one when the library has its content
 * already, else uploaded (the new ones in one request) and remembered. A refusal is a PublishError
 * worded by `refused(the service's reason, the refused file)`; what was uploaded before it stays remembered.
 */
export async function uploadOnce(
  files: ReadonlyArray<{ file: MediaFile; sha256: string }>,
  deps: Pick<UploadDeps, 'client' | 'site' | 'memory' | 'signal'>,
  refused: (why: string, file?: string) => string = (why, file) => `The site refused the image ${file ?? ''}: ${why}`,
): Promise<{ items: Array<{ ID: number; URL: string }>; sent: number }> {
  const hashes = files.map((f) => f.sha256);
  const fresh = files.filter((_, i) => !deps.memory.get(deps.site, hashes[i]) && hashes.indexOf(hashes[i]) === i);
  if (fresh.length) {
    let result;
    try {
      result = await deps.client.media.upload(
        deps.site,
        fresh.map((f) => f.file),
        { signal: deps.signal },
      );
    } catch (err) {
      throw new PublishError(refused(err instanceof ContentSiteError ? err.userMessage : String(err)), [], undefined, err);
    }
    const no = new Set(result.errors.map((e) => e.file));
    const taken = fresh.filter((f) => !no.has(f.file.name));
    for (const [i, f] of taken.entries()) {
      const item = result.media[i];
      if (item) await deps.memory.set(deps.site, f.sha256, { ID: item.ID, URL: item.URL });
    }
    if (result.errors.length) throw new PublishError(refused(result.errors[0].message, result.errors[0].file), [], result.errors[0].file);
  }
  return { items: hashes.map((h) => deps.memory.get(deps.site, h)!), sent: fresh.length };
}
