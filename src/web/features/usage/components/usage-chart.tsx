/**
 * Requests over time, stacked by outcome (2xx, 3xx, 4xx, 401, 429, 5xx), one bar per hour (ranges up to 7 days)
 * or per UTC day. Hours or days without calls are drawn as empty bars, so the time axis stays even.
 */
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useColorScheme, useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { operations } from '../../../../generated/api';
import { OUTCOME_CLASSES, type Outcome } from '../../../../shared/outcomes';
import { countOf } from '../../../../shared/plural';
import { OUTCOMES } from '../lib/outcomes';

export type UsageSeries = operations['getUsageSeries']['responses'][200]['content']['application/json'];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const hourLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Every bucket from `from` to `to`, each with the series' counts or zeros. */
export function fillBuckets(series: UsageSeries, from: Date, to: Date) {
  const step = series.bucket === 'hour' ? HOUR_MS : DAY_MS;
  const byStart = new Map(series.points.map((point) => [Date.parse(point.start), point]));
  const first = Math.floor(from.getTime() / step) * step;
  const buckets = [];
  for (let start = first; start < to.getTime(); start += step) {
    const point = byStart.get(start);
    buckets.push({ start, ...(Object.fromEntries(OUTCOME_CLASSES.map((outcome) => [outcome, point?.[outcome] ?? 0])) as Record<Outcome, number>) });
  }
  return buckets;
}

export function UsageChart({ series, from, to }: { series: UsageSeries; from: Date; to: Date }) {
  const theme = useTheme();
  // The chart draws with plain colours (it derives faded ones from them), so take the scheme in use: the
  // chips' colours, which follow the scheme through CSS variables.
  const { mode, systemMode } = useColorScheme();
  const scheme = (mode === 'system' || !mode ? systemMode : mode) ?? 'light';
  const palette = theme.colorSchemes[scheme]?.palette ?? theme.palette;
  const buckets = useMemo(() => fillBuckets(series, from, to), [series, from, to]);
  const format = (start: number) => (series.bucket === 'hour' ? hourLabel : dayLabel).format(new Date(start));
  const total = buckets.reduce((sum, b) => OUTCOME_CLASSES.reduce((calls, outcome) => calls + b[outcome], sum), 0);
  return (
    <Box role="figure" aria-label={`Requests over time: ${countOf(total, 'call')}, per ${series.bucket}, stacked by outcome`}>
      {total === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          No calls in this range.
        </Typography>
      ) : (
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: buckets.map((b) => b.start), valueFormatter: (value: number) => format(value), tickLabelStyle: { fontSize: 11 } }]}
          yAxis={[{ tickMinStep: 1, width: 44 }]}
          series={OUTCOMES.map((outcome) => ({
            id: outcome.key,
            label: outcome.label,
            stack: 'calls',
            color: palette[outcome.tone].main,
            data: buckets.map((b) => b[outcome.key]),
          }))}
          // Room on either side for half of the first and last ticks' labels, which centre under the end bars
          // (the y axis's width alone leaves the first one cut short on a phone).
          margin={{ left: 24, right: 48, top: 8, bottom: 0 }}
          slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'end' } } }}
        />
      )}
    </Box>
  );
}
