/**
 * The seed's block and classic posts (blocks.md): content taken from the block editor's own fixtures
 * (test/fixtures/gutenberg, pinned, with their licence), put together as a site holds them, with
 * shortcodes, more, nextpage, embeds, preformatted text and dynamic blocks. Stored as they are
 * (`context=edit`); `context=display` renders them (display.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The fixtures' folder, found from wherever this file runs (from source, or bundled into out/). */
function fixturesDir(): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const candidate = join(dir, 'test', 'fixtures', 'gutenberg');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error('test/fixtures/gutenberg was not found above ' + __dirname);
  }
}

/** A fixture's content as a post stores it (without the file's final newline). */
export function fixture(name: string): string {
  return readFileSync(join(fixturesDir(), `${name}.html`), 'utf8').replace(/\n$/, '');
}

export interface FixturePost {
  ID: number;
  title: string;
  content: string;
}

const paragraph = (html: string) => `<!-- wp:paragraph -->\n<p>${html}</p>\n<!-- /wp:paragraph -->`;

export function fixturePosts(): FixturePost[] {
  return [
    {
      // A block post as the block editor writes one: the core blocks Markdown says, and blocks it cannot.
      ID: 120,
      title: 'Blocks from the editor',
      content: [
        fixture('core__heading__h2.serialized'),
        paragraph('The block editor writes each block between its comments; some hold their settings there.'),
        fixture('core__latest-posts'),
        fixture('core__preformatted.serialized'),
        fixture('core__code.serialized'),
        fixture('core__table.serialized'),
        fixture('core__separator.serialized'),
        fixture('core__archives.serialized'),
        fixture('core__quote__style-2.serialized'),
        fixture('core__columns.serialized'),
      ].join('\n\n'),
    },
    {
      // The one the end-to-end walk edits: a dynamic block, a gallery shortcode and a more tag among paragraphs.
      ID: 121,
      title: 'A gallery and the latest posts',
      content: [
        paragraph('Our walk along the river, in pictures.'),
        '<!-- wp:shortcode -->\n[gallery ids="9801,9802" columns="3"]\n<!-- /wp:shortcode -->',
        '<!-- wp:more -->\n<!--more-->\n<!-- /wp:more -->',
        paragraph('The path was quiet and the water was high.'),
        '<!-- wp:latest-posts {"postsToShow":2} /-->',
      ].join('\n\n'),
    },
    {
      // A classic post, as the classic editor stores it: no <p>, blank lines between paragraphs.
      ID: 122,
      title: 'A classic post with pages',
      content: [
        'This post was written in the classic editor.\nIts second line ends with a break.',
        '[gallery ids="9801,9802" columns="2"]',
        '<!--more Keep reading-->',
        'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        '<pre>The woods are lovely, dark and deep,\n   But I have promises to keep.</pre>',
        '[caption id="attachment_9801" align="alignnone" width="300"]<img class="size-medium wp-image-9801" src="https://demo.example.blog/files/river.jpg" alt="The river" width="300" height="200" /> The river in May[/caption]',
        '<!--nextpage-->',
        'The second page.',
      ].join('\n\n'),
    },
    {
      // A post without a title: the service needs one of title, content or excerpt.
      ID: 123,
      title: '',
      content: paragraph('A post with no title, only these words.'),
    },
  ];
}
