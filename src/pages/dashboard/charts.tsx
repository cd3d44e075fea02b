// The dashboard's nivo charts, in their own lazy chunk: the timeline's area chart and the pies.
// Drawn at the width their box measures, in the theme's colours; each box is one image with a name
// (the numbers are in the table beside it).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useTheme, type Theme } from '@mui/material/styles';
import { Line } from '@nivo/line';
import { Pie } from '@nivo/pie';
import type { Slice, TimelinePoint } from './dashboardModel';
import { TEXTS } from './dashboardTexts';

const HEIGHT = 300;

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
    <Box ref={ref} role="img" aria-label={label} sx={{ height: HEIGHT, width: '100%', minWidth: 0 }}>
      {width > 0 ? children(width) : null}
    </Box>
  );
}

const pieColours = (theme: Theme) => {
  const { primary, secondary, success, warning, info, error } = theme.palette;
  return [primary.main, secondary.main, success.main, warning.main, info.main, error.main, primary.dark, secondary.dark, success.dark, info.dark];
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
    { id: TEXTS.mensajes, data: points.map((point) => ({ x: point.x, y: point.msg })) },
  ];
  return (
    <ChartBox label={label}>
      {(width) => (
        <Line
          data={data}
          width={width}
          height={HEIGHT}
          margin={{ top: 16, right: 16, bottom: 56, left: 56 }}
          enableArea
          areaOpacity={0.25}
          colors={[theme.palette.primary.main, theme.palette.secondary.main]}
          theme={axisText(theme)}
          yScale={{ type: 'linear', min: 0, max: 'auto' }}
          axisLeft={{ tickSize: 4 }}
          axisBottom={{ tickSize: 4, tickRotation: points.length > 12 ? -45 : 0 }}
          pointSize={6}
          useMesh
          legends={[{ anchor: 'bottom', direction: 'row', translateY: 52, itemWidth: 110, itemHeight: 16, symbolSize: 12 }]}
        />
      )}
    </ChartBox>
  );
}

export function PieChart({ slices, label }: { slices: readonly Slice[]; label: string }) {
  const theme = useTheme();
  return (
    <ChartBox label={label}>
      {(width) => (
        <Pie
          data={slices.filter((slice) => slice.value > 0).map((slice) => ({ ...slice }))}
          width={width}
          height={HEIGHT}
          margin={{ top: 24, right: 80, bottom: 24, left: 80 }}
          innerRadius={0.5}
          padAngle={1}
          colors={pieColours(theme)}
          // A slice is named by its label (its id is the skill's or channel's code).
          arcLinkLabel="label"
          arcLinkLabelsSkipAngle={8}
          arcLabelsSkipAngle={12}
          theme={axisText(theme)}
          arcLinkLabelsTextColor={theme.palette.text.primary}
          arcLinkLabelsColor={{ from: 'color' }}
          arcLabelsTextColor={{ from: 'color', modifiers: [['darker', 3]] }}
        />
      )}
    </ChartBox>
  );
}
