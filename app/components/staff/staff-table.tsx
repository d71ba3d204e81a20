import type { ReactNode } from "react";

/**
 * A staff page's table (issue 26): named by its heading, its column headers in a row, scrolling
 * sideways inside its own box on a phone rather than widening the page.
 */
export function StaffTable({
  labelledBy,
  headers,
  testId,
  children,
}: {
  labelledBy: string;
  headers: ReactNode[];
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="table-scroll">
      <table className="staff-table" aria-labelledby={labelledBy} data-testid={testId}>
        <thead>
          <tr>
            {headers.map((header, i) => (
              <th key={i} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
