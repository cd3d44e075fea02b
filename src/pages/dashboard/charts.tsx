// The dashboard's nivo charts, in their own lazy chunk: the timeline's area chart and the pies.
// Drawn at the width their box measures, in the theme's colours; each box is one image with a name
// (the numbers are in the table beside it).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useTheme, type Theme } from '@mui/material/styles';
import { Line } from '@nivo/line';
import { Pie } from '@nivo/pie';
import { dashboardTexts } from '../../i18n/esDashboard';
import type { Slice, TimelinePoint } from './dashboardModel';

const HEIGHT = 300;

// The messages series' name, read from the catalogue itself: the chunk's charts also draw on their own,
// outside react-admin's i18n context, where useTranslate would answer the key.
const MENSAJES = dashboardTexts.dashboard.mensajes;

/** The box's width, followed as it changes (0 until measured: nothing is drawn then). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    setWidth(box.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(box.clientWidth));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

function ChartBox({ label, children }: { label: string; children: (width: number) => ReactNode }) {
  const { ref, width } = useWidth();
  return (
    // The drawing sits out of the flow: its fixed width must not hold the page wider than the screen.
    <Box ref={ref} role="img" aria-label={label} sx={{ position: 'relative', height: HEIGHT, width: '100%', minWidth: 0, overflow: 'hidden' }}>
      <Box sx={{ position: 'absolute', top: 0, left: 0 }}>{width > 0 ? children(width) : null}</Box>
    </Box>
  );
}

// Main and dark colours only: each keeps 4.5:1 against the white numbers on the slices.
const pieColours = (theme: Theme) => {
  const { primary, secondary, success, warning, info, error } = theme.palette;
  return [primary.main, warning.main, info.main, success.main, error.main, secondary.main, primary.dark, warning.dark, info.dark, success.dark];
};


const axisText = (theme: Theme) => ({ text: { fill: theme.palette.text.secondary, fontFamily: theme.typography.fontFamily }, axis: { ticks: { text: { fill: theme.palette.text.secondary } } } });

export interface TimelineChartProps {
  points: readonly TimelinePoint[];
  /** 'Sesiones' or 'Clientes'. */
  serie: string;
  label: string;
}

export function TimelineChart({ points, serie, label }: TimelineChartProps) {
  const theme = useTheme();
  const data = [
    { id: serie, data: points.map((point) => ({ x: point.x, y: point.y })) },
    { id: MENSAJES, data: points.map((point) => ({ x: point.x, y: point.msg })) },
  ];
  // Wide enough for the longer name ('Clientes (suma diaria)'): about 7 px a letter beside the symbol.
  const itemWidth = Math.max(110, 24 + 7 * Math.max(serie.length, MENSAJES.length));
  return (
    <ChartBox label={label}>
      {(width) => (
        <Line
          data={data}
          width={width}
          height={HEIGHT}
          margin={{ top: 16, right: 16, bottom: 56, left: 56 }}
          // The box around is the one image, with its name; the SVG inside is not another.
          role="presentation"
          enableArea
          areaOpacity={0.25}
          colors={[theme.palette.primary.main, theme.palette.warning.main]}
          theme={axisText(theme)}
          yScale={{ type: 'linear', min: 0, max: 'auto' }}
          axisLeft={{ tickSize: 4 }}
          axisBottom={{ tickSize: 4, tickRotation: points.length > 12 ? -45 : 0 }}
          pointSize={6}
          useMesh
          legends={[{ anchor: 'bottom', direction: 'row', translateY: 52, itemWidth, itemHeight: 16, symbolSize: 12 }]}
        />
      )}
    </ChartBox>
  );
}

const PIE_HEIGHT = 200;

export function PieChart({ slices, label }: { slices: readonly Slice[]; label: string }) {
  const theme = useTheme();
  const colours = pieColours(theme);
  const drawn = slices.filter((slice) => slice.value > 0).map((slice) => ({ ...slice }));
  return (
    <ChartBox label={label}>
      {(width) => (
        <>
          <Pie
            data={drawn}
            width={width}
            height={PIE_HEIGHT}
            margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
            role="presentation"
            innerRadius={0.5}
            padAngle={1}
            colors={colours}
            enableArcLinkLabels={false}
            arcLabelsSkipAngle={12}
            theme={axisText(theme)}
            arcLabelsTextColor="#ffffff"
          />
          {/* The slices' names, in the slices' colours (nivo gives the colours in the data's order). */}
          <Box component="ul" sx={{ width, listStyle: 'none', m: 0, mt: 1, p: 0, display: 'flex', flexWrap: 'wrap', gap: '2px 12px', fontSize: 12, color: 'text.primary' }}>
            {drawn.map((slice, index) => (
              <Box component="li" key={slice.id} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, maxWidth: '100%' }}>
                <Box component="span" sx={{ width: 10, height: 10, flex: 'none', bgcolor: colours[index % colours.length] }} />
                <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {slice.label}
                </Box>
              </Box>
            ))}
          </Box>
        </>
      )}
    </ChartBox>
  );
}
