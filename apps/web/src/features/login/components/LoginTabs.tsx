import theme from 'antd/es/theme';
import { type CSSProperties, type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { contrastShades } from '../../../shared/theme-contrast.ts';

export interface LoginTab<K extends string> {
  key: K;
  label: string;
  /** Rendered on the first visit and kept (hidden) afterwards, unless `keepMounted` is false. */
  children: ReactNode;
  keepMounted?: boolean;
}

/**
 * The login page's three tabs: the WAI-ARIA tabs pattern in a few lines, looking like antd's Tabs.
 * antd's Tabs would bring its overflow dropdown (Dropdown, Menu, Overflow) into the first chunk,
 * about 17 KB gzip of a page whose budget is 250 KB (issue 4); three fixed labels never overflow.
 */
export function LoginTabs<K extends string>({
  items,
  activeKey,
  onChange,
}: {
  items: LoginTab<K>[];
  activeKey: K;
  onChange: (key: K) => void;
}) {
  const { token } = theme.useToken();
  const id = useId();
  const [visited, setVisited] = useState<ReadonlySet<K>>(() => new Set([activeKey]));
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  if (!visited.has(activeKey)) setVisited(new Set([...visited, activeKey]));

  const select = (index: number) => {
    const item = items[(index + items.length) % items.length];
    if (!item) return;
    buttons.current[items.indexOf(item)]?.focus();
    if (item.key !== activeKey) onChange(item.key);
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: -1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  const style = {
    // The login card is white in either mode, so the tab takes the light mode's text shade.
    '--login-tab-active': contrastShades(token.colorPrimary, 'light').text,
    '--login-tab-hover': token.colorPrimaryHover,
  } as CSSProperties;
  return (
    <div className="login-tabs" style={style}>
      <div className="login-tabs-nav" role="tablist">
        {items.map((item, index) => {
          const active = item.key === activeKey;
          return (
            <button
              key={item.key}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.key}`}
              aria-selected={active}
              aria-controls={`${id}-panel-${item.key}`}
              tabIndex={active ? 0 : -1}
              className={active ? 'login-tabs-tab active' : 'login-tabs-tab'}
              onClick={() => select(index)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => {
        const active = item.key === activeKey;
        const rendered = active || (item.keepMounted !== false && visited.has(item.key));
        return rendered ? (
          <div
            key={item.key}
            role="tabpanel"
            id={`${id}-panel-${item.key}`}
            aria-labelledby={`${id}-tab-${item.key}`}
            hidden={!active}
          >
            {item.children}
          </div>
        ) : null;
      })}
    </div>
  );
}
