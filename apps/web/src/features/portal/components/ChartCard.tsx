import { BarChart, LineChart, PieChart, RadarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, RadarComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useEChart } from '../../../shared/use-echart.ts';
import type { CardRow } from '../api.ts';
import { seriesOf } from '../layout.ts';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  RadarChart,
  GridComponent,
  LegendComponent,
  RadarComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export type ChartKind = 'barChart' | 'lineChart' | 'pieChart' | 'radarChart';

function optionOf(kind: ChartKind, rows: readonly CardRow[]): echarts.EChartsCoreOption {
  const { names, series } = seriesOf(rows);
  const legend = { show: series.length > 1, bottom: 0 };
  switch (kind) {
    case 'pieChart':
      return {
        tooltip: { trigger: 'item' },
        legend: { bottom: 0 },
        series: [
          { type: 'pie', radius: '60%', data: names.map((name, i) => ({ name, value: series[0]?.values[i] ?? 0 })) },
        ],
      };
    case 'radarChart': {
      const max = Math.max(1, ...series.flatMap((s) => s.values));
      return {
        tooltip: {},
        legend,
        radar: { indicator: names.map((name) => ({ name, max })) },
        series: [{ type: 'radar', data: series.map((s) => ({ name: s.name, value: s.values })) }],
      };
    }
    default:
      return {
        tooltip: { trigger: 'axis' },
        legend,
        grid: { left: 40, right: 16, top: 16, bottom: series.length > 1 ? 40 : 24 },
        xAxis: { type: 'category', data: names },
        yAxis: { type: 'value' },
        series: series.map((s) => ({ name: s.name, type: kind === 'lineChart' ? 'line' : 'bar', data: s.values })),
      };
  }
}

/** A bar, line, pie or radar chart of `[{name, type, value}]` rows; this module alone loads ECharts. */
export default function ChartCard({
  kind,
  rows,
  label,
  dark = false,
}: {
  kind: ChartKind;
  rows: readonly CardRow[];
  label: string;
  dark?: boolean | undefined;
}) {
  const option = useMemo(() => optionOf(kind, rows), [kind, rows]);
  const element = useEChart(option, dark);
  return <div ref={element} className="portal-chart" role="img" aria-label={label} />;
}
