/** The elements of a rendered page, as the render tests read them (htmlparser2: what a browser would build). */
import { Parser } from 'htmlparser2';

/** Every element with its attributes and text, in order. */
export function elements(html: string) {
  const out: Array<{ name: string; attrs: Record<string, string>; text: string }> = [];
  const open: Array<(typeof out)[number]> = [];
  const parser = new Parser({
    onopentag(name, attrs) {
      const el = { name, attrs, text: '' };
      out.push(el);
      open.push(el);
    },
    ontext(t) {
      for (const el of open) el.text += t;
    },
    onclosetag() {
      open.pop();
    },
  });
  parser.write(html);
  parser.end();
  return out;
}
