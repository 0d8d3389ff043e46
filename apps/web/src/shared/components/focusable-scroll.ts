import { type RefObject, useEffect, useRef } from 'react';

/**
 * A ref for the element around an antd Table: the table's scroll boxes take focus, so that the
 * keyboard can scroll them too (WCAG 2.1.1; antd renders them without a tabindex).
 */
export function useFocusableScrollBoxes<T extends HTMLElement = HTMLDivElement>(): RefObject<T | null> {
  const holder = useRef<T>(null);
  useEffect(() => {
    for (const box of holder.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body') ?? []) {
      if (!box.hasAttribute('tabindex')) box.tabIndex = 0;
    }
    // antd copies the column titles into a hidden measuring row, the select-all checkbox with them:
    // `inert` keeps that copy out of the tab order (it is aria-hidden, so a focus there would be lost).
    for (const row of holder.current?.querySelectorAll<HTMLElement>('.ant-table-measure-row') ?? []) row.inert = true;
  });
  return holder;
}
