import type { ReportChartData } from '@platform/shared';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEChart } from '../../../shared/use-echart.ts';

// Only what a report draws, so this chunk stays small.
echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

function optionOf(chart: ReportChartData): echarts.EChartsCoreOption {
  if (chart.type === 'pie')
    return {
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: '60%',
          data: chart.categories.map((name, i) => ({ name, value: chart.series[0]?.data[i] ?? 0 })),
        },
      ],
    };
  const several = chart.series.length > 1;
  return {
    tooltip: { trigger: 'axis' },
    legend: { show: several, bottom: 0 },
    grid: { left: 48, right: 16, top: 16, bottom: several ? 40 : 24 },
    xAxis: { type: 'category', data: chart.categories },
    yAxis: { type: 'value' },
    series: chart.series.map((s) => ({ name: s.name, type: chart.type, data: s.data })),
  };
}

function ReportChart({ chart }: { chart: ReportChartData }) {
  const option = useMemo(() => optionOf(chart), [chart]);
  const element = useEChart(option);
  const { t } = useTranslation('report');
  return (
    <figure className="report-chart">
      {chart.title ? <figcaption className="report-chart-title">{chart.title}</figcaption> : null}
      <div ref={element} className="report-chart-canvas" role="img" aria-label={chart.title || t('view.chart')} />
    </figure>
  );
}

/**
 * Each chart drawn once as a PNG (a data URL), `width` × `height` CSS pixels at twice the
 * resolution, for print and PDF: a live chart's canvas neither prints reliably nor survives
 * print-pdf's copy of the page, an <img> does both. Lives here so ECharts stays in this chunk.
 */
export function reportChartPictures(charts: readonly ReportChartData[], width: number, height: number): string[] {
  return charts.map((chart) => {
    const element = document.createElement('div');
    const instance = echarts.init(element, undefined, { width, height, devicePixelRatio: 2 });
    try {
      instance.setOption({ ...optionOf(chart), animation: false });
      return instance.getDataURL({ type: 'png', backgroundColor: '#fff' });
    } finally {
      instance.dispose();
    }
  });
}

/** A report's charts, one per entry with its title above; this module alone loads ECharts. */
export default function ReportCharts({ charts }: { charts: readonly ReportChartData[] }) {
  return (
    <div className="report-charts">
      {charts.map((chart, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the charts are the layout's, in its order.
        <ReportChart key={i} chart={chart} />
      ))}
    </div>
  );
}
