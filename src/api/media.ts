import { schemas } from './schemasLoad';
import { parseWith } from './decode';
import { invalidInput } from './errors';
import type { CallOptions, Transport } from './request';
import type { MediaItem } from './schemas/media';
import { intInRange, LIMITS, site as checkSite } from './validate';

/**
 * A file to upload: its name (with its extension, which decides its type on the service), MIME type
 * and bytes, in memory or as a Blob read while it is sent (`fs.openAsBlob`: never whole in memory).
 */
export interface MediaFile {
  name: string;
  type: string;
  data: Uint8Array | Blob;
  title?: string;
  alt?: string;
  caption?: string;
}

export interface MediaUploadError {
  file: string;
  error: string;
  message: string;
}

/** What the library took, and what it refused file by file (when it took none, the call throws). */
export interface UploadResult {
  media: MediaItem[];
  errors: MediaUploadError[];
}

export interface MediaPage {
  found: number;
  media: MediaItem[];
  nextPage?: string;
}

export interface MediaListParams {
  number?: number;
  page_handle?: string;
  search?: string;
  /** A type or its prefix, e.g. `image`. */
  mime_type?: string;
  /** 0: not attached to a post. */
  post_ID?: number;
}

/** A site's media library (writing.md): upload and list. */
export class MediaApi {
  constructor(private readonly t: Transport) {}

  /** POST /v1.1/sites/$site/media/new: multipart `media[]` with `attrs[i][title|alt|caption]`. */
  async upload(site: string | number, files: readonly MediaFile[], opts: CallOptions = {}): Promise<UploadResult> {
    const s = checkSite(site);
    if (files.length === 0) throw invalidInput('Choose at least one file to upload.');
    const multipart = files.flatMap((f, i) => {
      if (!f.name.trim() || /[\\/]/.test(f.name)) throw invalidInput(`"${f.name}" is not a file name.`);
      if ((f.data instanceof Uint8Array ? f.data.byteLength : f.data.size) === 0) throw invalidInput(`${f.name} is empty.`);
      const attrs = (['title', 'alt', 'caption'] as const).flatMap((k) => (f[k] ? [{ name: `attrs[${i}][${k}]`, value: f[k]! }] : []));
      return [{ name: 'media[]', file: { name: f.name, type: f.type, data: f.data } }, ...attrs];
    });
    const path = `/sites/${encodeURIComponent(s)}/media/new`;
    const body = await this.t.send({ method: 'POST', version: '1.1', path, multipart, messageContext: { site: s }, signal: opts.signal });
    const result = parseWith(schemas().uploadResultSchema, body, { request: `POST /v1.1${path}`, site: s });
    const errors = (result.errors ?? []).map((e) => ({ file: e.file ?? '', error: e.error ?? '', message: e.message ?? '' }));
    return { media: result.media, errors };
  }

  /** GET /v1.1/sites/$site/media/. */
  async list(site: string | number, params: MediaListParams = {}, opts: CallOptions = {}): Promise<MediaPage> {
    const s = checkSite(site);
    intInRange('number', params.number, 1, LIMITS.trashNumber);
    const path = `/sites/${encodeURIComponent(s)}/media/`;
    const body = await this.t.send({
      method: 'GET',
      version: '1.1',
      path,
      query: { ...params },
      messageContext: { site: s },
      signal: opts.signal,
    });
    const list = this.t.read(`GET /v1.1${path}`, () =>
      parseWith(schemas().mediaListSchema, body, { request: `GET /v1.1${path}`, site: s }),
    );
    return { found: list.found, media: list.media, nextPage: list.meta?.next_page || undefined };
  }
}
