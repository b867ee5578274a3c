/**
 * A multipart/form-data body (media/new) read with the platform's own parser (the fetch Response's
 * formData): its text fields go into the params as a form body would (`attrs[0][alt]=…`), its files
 * come back in order.
 */
import { Response } from 'undici';
import { ApiError, parseBody, type Params, type UploadedFile } from './http';

export async function parseMultipart(raw: Buffer, contentType: string, into: Params): Promise<UploadedFile[]> {
  let form: Awaited<ReturnType<Response['formData']>>;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new ApiError(400, 'invalid_input', 'The multipart body could not be read.');
  }
  const text = new URLSearchParams();
  const files: UploadedFile[] = [];
  for (const [field, value] of form.entries()) {
    if (typeof value === 'string') text.append(field, value);
    // A file part: undici gives a File.
    else files.push({ field, name: value.name, type: value.type, data: Buffer.from(await value.arrayBuffer()) });
  }
  parseBody(text.toString(), into);
  return files;
}
