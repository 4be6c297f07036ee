import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** Off screen but read by screen readers (the chart's figures as a table). */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

export interface FigureTable {
  /** Column headings: the first names the rows (day, time), the others their figures. */
  columns: string[];
  rows: { key: string; cells: (string | number)[] }[];
}

/**
 * A titled chart with its figures as a table that only assistive technology reads: an SVG chart
 * says nothing to a screen reader, the table says everything it shows.
 */
export function ChartFigure({
  title,
  summary,
  table,
  children,
  testId,
}: {
  title: string;
  /** One sentence with the chart's main figures (its accessible name). */
  summary: string;
  table: FigureTable;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h2">
        {title}
      </Typography>
      <Box role="figure" aria-label={summary}>
        {/* Not aria-hidden: the chart's surface takes keyboard focus, which hidden content may not. */}
        {children}
        {/* A table sizes to its content whatever its width: the clipping box around it hides it. */}
        <Box sx={visuallyHidden}>
          <table>
            <caption>{title}</caption>
            <thead>
              <tr>
                {table.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((r) => (
                <tr key={r.key}>
                  {r.cells.map((c, i) =>
                    i === 0 ? (
                      <th key={i} scope="row">
                        {c}
                      </th>
                    ) : (
                      <td key={i}>{c}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </Box>
      </Box>
    </Paper>
  );
}
