import type { EChartsCoreOption } from 'echarts/core';
import * as echarts from 'echarts/core';
import { type RefObject, useEffect, useRef } from 'react';

/**
 * An ECharts chart in the element the answer is attached to, resized with its box and given
 * `option` whenever it changes (callers keep it stable with useMemo). The portal's cards have the
 * same hook with a theme switch; a feature cannot reach into another, and a report has no theme.
 */
export function useEChart(option: EChartsCoreOption): RefObject<HTMLDivElement | null> {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!element.current) return;
    const instance = echarts.init(element.current);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);
  return element;
}
