import { useId, type ReactNode } from 'react';

/** One column of a record table. */
export interface RecordColumn<Row> {
  /** The column's id (its React key). */
  id: string;
  /** The column's heading; on a phone card, the label above each value. */
  header: string;
  /** The cell of one row. */
  render: (row: Row) => ReactNode;
  /** Right-aligned tabular figures (amounts, counts). */
  numeric?: boolean;
  /** More classes on the column's cells. */
  className?: string;
  /** The cell names its row (`<th scope="row">`). */
  rowHeader?: boolean;
  /**
   * Where the cell sits on a phone card: `title` heads the card without its label, `aside` beside the
   * title at the end of the line, `wide` takes a whole line, `double` two columns; by default one
   * labelled column of the card's grid.
   */
  card?: 'title' | 'aside' | 'wide' | 'double';
}

export interface RecordTableProps<Row> {
  rows: readonly Row[];
  columns: readonly RecordColumn<Row>[];
  rowKey: (row: Row) => string | number;
  /** The table's name (its caption); hidden unless `captionVisible`. */
  caption: string;
  captionVisible?: boolean;
  /** data-testid of every row (tests find rows by it). */
  rowTestId?: string;
  /** How many labelled values a phone card puts on one line. */
  cardColumns?: 2 | 3;
}

const cardClass = {
  title: 'is-card-title',
  aside: 'is-card-aside',
  wide: 'is-card-wide',
  double: 'is-card-double',
};

/**
 * A record table: a table on wide screens; on a phone, one card per row, each value under its label.
 * Never a table wider than the phone: a sideways-scrolling table hid its last columns (issue 25).
 */
export function RecordTable<Row>({
  rows,
  columns,
  rowKey,
  caption,
  captionVisible = false,
  rowTestId,
  cardColumns = 2,
}: RecordTableProps<Row>) {
  const withAside = columns.some((c) => c.card === 'aside');
  const classOf = (c: RecordColumn<Row>) =>
    [
      c.numeric && 'records__num',
      c.card && cardClass[c.card],
      c.card === 'title' && withAside && 'has-aside',
      c.className,
    ]
      .filter(Boolean)
      .join(' ') || undefined;
  const captionId = useId();
  // Wider screens: a table wider than its card scrolls inside it (a table never shrinks below its
  // content). The scroller is focusable, so a keyboard can scroll it too, and named by the caption (a
  // group, not a region: the page's panel is already the landmark of that name).
  return (
    <div className="records__scroll" role="group" aria-labelledby={captionId} tabIndex={0}>
      <table className="records__table records__table--cards" data-card-columns={cardColumns}>
        <caption id={captionId} className={captionVisible ? undefined : 'visually-hidden'}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} scope="col" className={c.numeric ? 'records__num' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="records__row" data-testid={rowTestId}>
              {columns.map((c) =>
                c.rowHeader ? (
                  <th key={c.id} scope="row" className={classOf(c)}>
                    {c.render(row)}
                  </th>
                ) : (
                  <td key={c.id} data-label={c.header} className={classOf(c)}>
                    {c.render(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
