/**
 * A table's `rows`, collected once per state of the table. domino (the DOM turndown reads in Node)
 * walks the whole table again at every read of `table.rows`, and the tables plugin reads it in
 * loops (`for (i = 0; i < table.rows.length; i++) table.rows[i]`, once per column): a 200-row,
 * 10-column table took two seconds to convert, growing with the square of its size. The list
 * domino returns is live (it checks the table's modification clock on `length` and `item`), so
 * handing back the same list while the table has not changed reads exactly what a new one would.
 */

/** What a domino element says of its subtree's last change, and its own table rows. */
interface Clocked {
  lastModTime: number;
  getElementsByTagName(name: string): ArrayLike<Element> & { lastModTime?: number };
}

/**
 * Gives each table under `root` a `rows` that is read once per state of the table (domino's
 * own accessor is not configurable, so each table gets its own property, shadowing it).
 */
export function rowsOncePerChange(root: Element): void {
  for (const table of Array.from(root.getElementsByTagName('table'))) {
    let list: ReturnType<Clocked['getElementsByTagName']> | undefined;
    let at = -1;
    Object.defineProperty(table, 'rows', {
      configurable: true,
      get(this: Clocked) {
        if (!list || at !== this.lastModTime) {
          list = this.getElementsByTagName('tr');
          at = this.lastModTime;
        }
        return list;
      },
    });
  }
}
