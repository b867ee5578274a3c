/**
 * How a request's values go on the wire: query strings (`urls[]=…`), form bodies (`counts[123]=1`,
 * `post_ids[]=5`) and multipart bodies (uploads). Plain functions of their input; request.ts sends
 * what they make.
 */

export type Scalar = string | number | boolean;
export type QueryValue = Scalar | readonly Scalar[] | undefined;
export type FormValue = Scalar | readonly Scalar[] | Readonly<Record<string, Scalar>> | undefined;

export type MultipartField =
  { name: string; value: string } | { name: string; file: { name: string; type: string; data: Uint8Array | Blob } };

/** One key's value: arrays as `key[]=v`; undefined is left out. */
function append(params: URLSearchParams, key: string, value: QueryValue): void {
  if (value === undefined) return;
  if (Array.isArray(value)) for (const v of value as readonly Scalar[]) params.append(`${key}[]`, String(v));
  else params.append(key, String(value));
}

/** A query string of each record's keys in turn: arrays as `key[]=v`, undefined left out. */
export function encodeQuery(...records: ReadonlyArray<Record<string, QueryValue>>): string {
  const params = new URLSearchParams();
  for (const record of records) for (const [key, value] of Object.entries(record)) append(params, key, value);
  return params.toString();
}

/** Form body: arrays as `key[]=v`, records as `key[k]=v`. */
export function encodeForm(form: Record<string, FormValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) {
    if (value !== undefined && !Array.isArray(value) && typeof value === 'object')
      for (const [k, v] of Object.entries(value as Record<string, Scalar>)) params.append(`${key}[${k}]`, String(v));
    else append(params, key, value as QueryValue);
  }
  return params.toString();
}

/** A list parameter (`fields`, `meta`) as the service takes it: comma-separated. */
export function joinList(value: string | readonly string[] | undefined): string | undefined {
  return value === undefined ? undefined : typeof value === 'string' ? value : value.join(',');
}

/**
 * A multipart body as the platform's FormData: undici encodes it (boundary, Content-Length) and
 * streams each file part from its Blob as it sends, so a file is never read whole into memory.
 */
export function multipartBody(
  fields: ReadonlyArray<MultipartField>,
  FormData: typeof import('undici').FormData,
): import('undici').FormData {
  const form = new FormData();
  for (const f of fields) {
    if (!('file' in f)) form.append(f.name, f.value);
    else if (f.file.data instanceof Uint8Array)
      form.append(f.name, new Blob([new Uint8Array(f.file.data)], { type: f.file.type }), f.file.name);
    else form.append(f.name, f.file.data, f.file.name);
  }
  return form;
}
