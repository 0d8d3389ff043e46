import type { EChartsCoreOption } from 'echarts/core';
import * as echarts from 'echarts/core';
import { type RefObject, useEffect, useRef } from 'react';

/**
 * An ECharts chart in the element the answer is attached to: made again when the theme changes
 * (ECharts' built-in dark theme, for the portal's dark screens; the card's own background shows
 * through), resized with its box, and given `option` whenever it changes (callers keep it stable
 * with useMemo). The chart modules it draws with are registered by the component that uses it, so
 * each page's chunk holds only the kinds of chart it draws.
 */
export function useEChart(option: EChartsCoreOption, dark = false): RefObject<HTMLDivElement | null> {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!element.current) return;
    const instance = echarts.init(element.current, dark ? 'dark' : undefined);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [dark]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of theme makes a new chart, which needs its option again.
  useEffect(() => {
    chart.current?.setOption({ ...option, backgroundColor: 'transparent' }, true);
  }, [option, dark]);
  return element;
}
