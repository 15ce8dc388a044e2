type CountTableProps = {
  caption: string;
  /** The last column is the count, set right as numbers are. */
  columns: string[];
  rows: { key: string; cells: (string | number)[] }[];
};

/** One of the Watchers tab's tables; scrolls sideways on a narrow screen rather than squeezing its names. */
export function CountTable({ caption, columns, rows }: CountTableProps) {
  const last = columns.length - 1;
  const align = (index: number) => (index === last ? 'text-right tabular-nums' : 'text-left');
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-surface">
      <table className="w-full text-sm">
        <caption className="px-4 pt-3 text-left font-serif text-lg">{caption}</caption>
        <thead>
          <tr className="border-b border-line text-muted">
            {columns.map((column, index) => (
              <th key={column} scope="col" className={`px-4 py-2 font-normal ${align(index)}`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-3 text-muted">
                Nobody is watching yet.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, index) => (
                  <td key={columns[index]} className={`px-4 py-2 ${align(index)}`}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
