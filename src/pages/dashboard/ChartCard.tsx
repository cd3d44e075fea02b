// A chart with its numbers: the chart (a lazy chunk) and, for screen readers always and on screen
// with 'Ver como tabla', a table of the same numbers; under both, a note on what they count, if any.
import { Component, lazy, Suspense, useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Amount } from './DashboardTotals';

// Off screen, still read by screen readers (in px: sx reads 1 as 100%).
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', margin: '-1px', padding: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

// nivo stays out of the main bundle: both charts come from one chunk, loaded when first drawn.
export const TimelineChart = lazy(() => import('./charts').then((module) => ({ default: module.TimelineChart })));
export const PieChart = lazy(() => import('./charts').then((module) => ({ default: module.PieChart })));

/** A chart that cannot be drawn (its chunk did not load) leaves its table on screen instead of taking the page down. */
class ChartFailure extends Component<{ children: ReactNode; onFail: () => void }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error(error);
    this.props.onFail();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** A number the server estimated: it reads '≈' and the card's note says how far it may be. */
export interface Estimated {
  approximate: number;
}

export interface NumbersTable {
  headers: readonly string[];
  rows: ReadonlyArray<readonly (string | number | Estimated)[]>;
}

export function ChartCard({ title, table, chart, note }: { title: string; table: NumbersTable; chart: ReactNode; note?: string }) {
  const translate = useTranslate();
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const noteId = useId();
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={titleId} component="h2" variant="h6">
            {title}
          </Typography>
          <Button size="small" aria-pressed={asTable} onClick={() => setAsTable((on) => !on)}>
            {translate(asTable ? 'quipu.dashboard.verGrafico' : 'quipu.dashboard.verTabla')}
          </Button>
        </Box>
        {!asTable && (
          <ChartFailure onFail={() => setAsTable(true)}>
            <Suspense fallback={<CircularProgress aria-label={translate('quipu.dashboard.cargando')} />}>{chart}</Suspense>
          </ChartFailure>
        )}
        <Box sx={asTable ? { overflowX: 'auto', contain: 'inline-size' } : visuallyHidden}>
          <Table size="small" aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                {table.headers.map((header) => (
                  <TableCell key={header}>{header}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {table.rows.map((row, r) => (
                <TableRow key={r}>
                  {row.map((cell, index) =>
                    typeof cell === 'string' ? (
                      <TableCell key={index}>{cell}</TableCell>
                    ) : typeof cell === 'number' ? (
                      <TableCell key={index} align="right">
                        {cell.toLocaleString('es-PE')}
                      </TableCell>
                    ) : (
                      <TableCell key={index} align="right" aria-describedby={note ? noteId : undefined}>
                        <Amount value={cell.approximate} approximate />
                      </TableCell>
                    ),
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        {note && (
          <Typography id={noteId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {note}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
