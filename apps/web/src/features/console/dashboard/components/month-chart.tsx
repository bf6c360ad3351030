import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, ReferenceLine, XAxis, YAxis, type XAxisTickContentProps } from 'recharts';
import type { AdminMonthStat } from '@sas/domain';
import { useElementWidth } from '@/hooks/use-element-width';
import { TableRegion } from '../../shared/components/table-region';
import { formatMonthLong } from '../../shared/format';
import { monthTickLabel, monthTicks } from './month-ticks';

const margin = { top: 8, right: 8, bottom: 8, left: 8 };
const yAxisWidth = 72;

interface MonthTickProps {
  /** Where recharts puts the tick, and its month ('YYYY-MM'). */
  tick: Pick<XAxisTickContentProps, 'x' | 'y' | 'payload'>;
  /** The first month labelled, which carries its year. */
  first: string | undefined;
}

/** A month under the bars: its short name, and the year below where the year changes. */
function MonthTick({ tick: { x, y, payload }, first }: MonthTickProps) {
  const month = String(payload.value);
  const { name, year } = monthTickLabel(month, month === first);
  return (
    <g transform={`translate(${x},${y})`}>
      <text textAnchor="middle" fontSize={12} fill="#4f5d66" className="month-chart__tick">
        <tspan x={0} dy="0.9em">
          {name}
        </tspan>
        {year !== null && (
          <tspan x={0} dy="1.2em">
            {year}
          </tspan>
        )}
      </text>
    </g>
  );
}

interface MonthChartProps {
  /** The figure's caption, and the table's. */
  title: string;
  /** The table's column for the value: 'Occupancy', 'Revenue'. */
  valueLabel: string;
  months: AdminMonthStat[];
  /** The month the past ends at: bars before it are drawn plain, from it on hatched. */
  currentMonth: string;
  value: (stat: AdminMonthStat) => number;
  /** How a value reads in the table and on the axis. */
  format: (value: number) => string;
  axisFormat?: (value: number) => string;
  /** A fixed top for the axis (100 for a percentage). */
  max?: number;
}

/**
 * A bar per month, past months solid and coming ones hatched (so the two
 * differ by more than colour). The drawing is hidden from assistive
 * technology; the same figures are a table, read by screen readers and shown
 * to anyone who asks for it.
 */
export function MonthChart({
  title,
  valueLabel,
  months,
  currentMonth,
  value,
  format,
  axisFormat = format,
  max,
}: MonthChartProps) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const patternId = `${useId().replace(/:/g, '')}-hatch`;
  const [drawing, width] = useElementWidth<HTMLDivElement>();
  const ticks = monthTicks(
    months.map((stat) => stat.month),
    width - yAxisWidth - margin.left - margin.right,
  );
  const data = months.map((stat) => ({ month: stat.month, value: value(stat) }));

  const table = (
    <table className="console-table">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">Month</th>
          <th scope="col" className="num">
            {valueLabel}
          </th>
          <th scope="col" className="num">
            Booked nights
          </th>
          <th scope="col" className="num">
            Available nights
          </th>
        </tr>
      </thead>
      <tbody>
        {months.map((stat) => (
          <tr key={stat.month}>
            <th scope="row">
              {formatMonthLong(stat.month)}
              {stat.month === currentMonth && ' (this month)'}
            </th>
            <td className="num">{format(value(stat))}</td>
            <td className="num">{stat.bookedNights}</td>
            <td className="num">{stat.availableNights}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );

  return (
    <figure className="month-chart">
      <figcaption className="month-chart__caption">
        <span>{title}</span>
        <button
          type="button"
          className="button button--secondary button--small"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {showTable ? 'Hide table' : 'Show table'}
        </button>
      </figcaption>
      <div className="month-chart__drawing" aria-hidden="true" ref={drawing}>
        <BarChart
          responsive
          style={{ width: '100%', height: 260 }}
          data={data}
          margin={margin}
          accessibilityLayer={false}
        >
          <defs>
            <pattern id={patternId} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect width="6" height="6" fill="#e7f0f4" />
              <line x1="0" y1="0" x2="0" y2="6" stroke="#1d4e6b" strokeWidth="3" />
            </pattern>
          </defs>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="month"
            ticks={ticks}
            interval={0}
            height={36}
            tick={(props: XAxisTickContentProps) => <MonthTick tick={props} first={ticks[0]} />}
          />
          <YAxis
            width={yAxisWidth}
            tick={{ fontSize: 12 }}
            tickFormatter={(tick: number) => axisFormat(tick)}
            domain={max === undefined ? [0, 'auto'] : [0, max]}
          />
          <ReferenceLine x={currentMonth} stroke="#a8481c" strokeDasharray="4 2" />
          <Bar
            dataKey="value"
            isAnimationActive={false}
            shape={(props: {
              x?: number;
              y?: number;
              width?: number;
              height?: number;
              payload?: { month: string };
            }) => (
              <rect
                x={props.x}
                y={props.y}
                width={props.width}
                height={props.height}
                fill={(props.payload?.month ?? '') < currentMonth ? '#1f4a45' : `url(#${patternId})`}
                stroke="#1f4a45"
              />
            )}
          />
        </BarChart>
        <p className="month-chart__legend">
          <span className="month-chart__key month-chart__key--past" /> Past months{' '}
          <span className="month-chart__key month-chart__key--future" /> This month and ahead (booked so far)
        </p>
      </div>
      {/* Shown, the table may scroll sideways; hidden, it is the chart's text for screen readers. */}
      {showTable ? (
        <TableRegion id={tableId} label={title}>
          {table}
        </TableRegion>
      ) : (
        <div id={tableId} className="visually-hidden">
          {table}
        </div>
      )}
    </figure>
  );
}
