import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './day-chart.css';
import { dayMonth } from '#shared/dates';

/**
 * A chart of one value a day (decision 078: uPlot, a small canvas chart library, loaded with the overview's chunk only).
 * The x axis is the day's position in the period, labelled with its date as the API named it in the site's zone, so
 * the browser's own zone never moves a day.
 */

/** The theme's colours (styles.css), for the canvas, which reads no CSS. */
export const CHART_COLOURS = {
  accent: '#8c99ff',
  emerald: '#6ee7b7',
  amber: '#fcd34d',
  red: '#fca5a5',
  axis: '#8a93ad',
  grid: '#1b2030',
} as const;

/** '22 Nov' of a day key: the day as the API named it, written without moving it to another zone. */
const dayLabel = (key: string) => dayMonth(`${key}T12:00:00Z`, 'UTC');

/**
 * ₹3K, ₹1.2L, ₹4.5Cr: money on a value axis, where room is short (lakh and crore for rupees). Whole amounts are
 * written by formatMoney (shared/money.ts) everywhere else.
 */
export const axisMoney = (paise: number, currency: string) =>
  new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en-US', { style: 'currency', currency, notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(
    paise / 100,
  );

export type ChartSeries = { label: string; colour: string; values: number[]; fill?: boolean };

type Props = {
  /** Day keys, oldest first. */
  days: string[];
  series: ChartSeries[];
  /** How a value reads on the axis and in the legend (money, counts). */
  format: (value: number) => string;
  /** The accessible name of the chart; the figures themselves are in the cards and the legend. */
  label: string;
  height?: number;
  /** The top of the value axis while every value is 0 (money: ₹100, so the axis does not read ₹0 five times). */
  emptyMax?: number;
};

const fillOf = (hex: string) => `${hex}26`;

function options(props: Props, width: number): uPlot.Options {
  const { days, series, format, height = 240, emptyMax = 1 } = props;
  const axis = { stroke: CHART_COLOURS.axis, grid: { stroke: CHART_COLOURS.grid, width: 1 }, ticks: { stroke: CHART_COLOURS.grid, width: 1 }, font: '12px system-ui, sans-serif' };
  return {
    width,
    height,
    scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : emptyMax] } },
    axes: [
      { ...axis, values: (_u, ticks) => ticks.map((i) => (Number.isInteger(i) && days[i] ? dayLabel(days[i]) : '')), space: 56 },
      { ...axis, values: (_u, ticks) => ticks.map((v) => format(v)), size: 64, space: 36 },
    ],
    series: [
      { label: 'Day', value: (_u, i) => (i === null || !days[i] ? '–' : dayLabel(days[i])) },
      ...series.map((s) => ({
        label: s.label,
        stroke: s.colour,
        width: 2,
        fill: s.fill ? fillOf(s.colour) : undefined,
        points: { show: days.length <= 31, size: 5 },
        value: (_u: uPlot, v: number | null) => (v === null ? '–' : format(v)),
      })),
    ],
    cursor: { drag: { x: false, y: false } },
    legend: { live: true },
  };
}

export function DayChart(props: Props) {
  const box = useRef<HTMLDivElement>(null);
  const { days, series, label } = props;
  // Rebuilt when the period or the figures change; the sizes follow the box.
  const key = JSON.stringify([days, series.map((s) => [s.label, s.values])]);
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: uPlot.AlignedData = [days.map((_, i) => i), ...latest.current.series.map((s) => s.values)];
    const chart = new uPlot(options(latest.current, Math.max(240, el.clientWidth)), data, el);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(240, el.clientWidth), height: latest.current.height ?? 240 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return <div ref={box} role="img" aria-label={label} className="day-chart w-full" data-testid="day-chart" />;
}
