import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { dayTicks, ticksThatFit } from "./day-ticks";

export interface ChartSeries {
  label: string;
  color: string;
  /** Bars instead of a line. */
  bars?: boolean;
  /** A dashed line, so series differ by more than their colour. */
  dash?: boolean;
}

interface TimeChartProps {
  /** What the chart shows, for screen readers (the table beside it gives the figures). */
  label: string;
  /** Unix seconds of each point: the start of its day or week, IST. */
  x: number[];
  series: ChartSeries[];
  values: (number | null)[][];
  height?: number;
  /** Formats a value on the y axis. */
  formatValue?: (value: number) => string;
  /** The span the x axis covers (Unix seconds, first and last day): the dashboard's days, whatever the data. */
  span?: [number, number];
}

const INK_MUTED = "#5e4c40";
const GRID = "#efe2cf";
const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
const KOLKATA = "Asia/Kolkata";

const dayMonth = new Intl.DateTimeFormat("en-IN", { timeZone: KOLKATA, day: "numeric", month: "short" });

/** "1 Sep", as India writes a date, in India's time. */
function formatTick(seconds: number): string {
  return dayMonth.format(new Date(seconds * 1000));
}

function axis(formatValue?: (value: number) => string): uPlot.Axis {
  return {
    stroke: INK_MUTED,
    font: FONT,
    grid: { stroke: GRID, width: 1 },
    ticks: { stroke: GRID, width: 1, size: 4 },
    ...(formatValue ? { values: (_chart: uPlot, splits: number[]) => splits.map(formatValue) } : {}),
  };
}

/**
 * A time chart drawn by uPlot on a canvas, as wide as its box; it follows the box's width.
 * The canvas is an image to assistive technology: its figures are in the table beside it.
 */
export function TimeChart({ label, x, series, values, height = 220, formatValue, span }: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const bars = uPlot.paths.bars?.({ size: [0.7, 28], align: 0 });
    // A bar starts at its day or week: the axis runs one step past the last, so the last bar shows whole.
    const step = x.length > 1 ? (x[1] as number) - (x[0] as number) : 86_400;
    const hasBars = series.some((line) => line.bars);
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 200),
      height,
      legend: { show: false },
      cursor: { y: false, drag: { x: false, y: false }, points: { size: 7 } },
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), KOLKATA),
      scales: {
        x: {
          time: true,
          ...(span
            ? { range: (): uPlot.Range.MinMax => [span[0], span[1] + (hasBars ? step : 0)] }
            : hasBars
              ? { range: (_chart: uPlot, min: number, max: number): uPlot.Range.MinMax => [min, max + step] }
              : {}),
        },
        y: { range: (_chart, _min, max) => [0, max > 0 ? max * 1.12 : 1] },
      },
      axes: [
        // Ticks by day (console/dashboard/day-ticks.ts): uPlot's own pick months for a week's single point.
        {
          ...axis(),
          splits: (chart, _axis, min, max) =>
            dayTicks(min, max, ticksThatFit(chart.bbox.width / uPlot.pxRatio)),
          values: (_chart, splits) => splits.map(formatTick),
        },
        { ...axis(formatValue), size: 60 },
      ],
      series: [
        {},
        ...series.map((line): uPlot.Series => ({
          label: line.label,
          stroke: line.color,
          width: line.bars ? 0 : 2,
          ...(line.bars ? { fill: line.color, paths: bars } : {}),
          ...(line.dash ? { dash: [6, 4] } : {}),
          points: { show: !line.bars && x.length <= 20, size: 5, fill: line.color },
          spanGaps: true,
        })),
      ],
    };
    const chart = new uPlot(options, [x, ...values] as uPlot.AlignedData, element);
    const resize = new ResizeObserver(() => {
      chart.setSize({ width: Math.max(element.clientWidth, 200), height });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [x, series, values, height, formatValue, span]);

  return <div ref={box} className="time-chart" role="img" aria-label={label} style={{ minHeight: height }} />;
}

/** The legend of a chart: its series' colours and names. */
export function ChartLegend({ series }: { series: ChartSeries[] }) {
  return (
    <ul className="chart-legend">
      {series.map((line) => (
        <li key={line.label}>
          <span
            className={`swatch${line.bars ? " bar" : ""}${line.dash ? " dash" : ""}`}
            style={{ "--swatch": line.color } as React.CSSProperties}
            aria-hidden="true"
          />
          {line.label}
        </li>
      ))}
    </ul>
  );
}

/** Unix seconds of 00:00 IST on the day `date` (YYYY-MM-DD). */
export function istSeconds(date: string): number {
  return Date.parse(`${date}T00:00:00+05:30`) / 1000;
}
