import { CloseOutlined } from '@ant-design/icons';
import Dropdown from 'antd/es/dropdown';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { MenuIcon } from '../../shared/shell/menu-icons.tsx';
import { useMenuTitle } from '../../shared/shell/menu-title.ts';
import { useSettings } from '../settings-store.ts';
import { useTags, type VisitedView } from '../tags-store.ts';

/** The title of a tab in the interface language. */
export function useViewTitle() {
  const { t } = useTranslation('shell');
  const menuTitle = useMenuTitle();
  return (view: VisitedView) =>
    view.enCode ? menuTitle({ enCode: view.enCode, fullName: view.meta.zhTitle }) : t(view.name, view.title);
}

/**
 * shell.md §2.5 tags bar: visited views with a context menu (refresh, close, close others, close
 * all); affixed tabs cannot be closed; a middle click closes a tab.
 */
export function TagsBar() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const navigate = useNavigate();
  const views = useTags((s) => s.visitedViews);
  const showIcon = useSettings((s) => s.showTagIcon);
  const titleOf = useViewTitle();
  const active = `${location.pathname}${location.search}`;

  const goToLast = (remaining: VisitedView[]) => {
    const last = remaining[remaining.length - 1];
    navigate(last ? last.fullPath : '/');
  };

  const close = (view: VisitedView) => {
    if (view.meta.affix) return;
    useTags.getState().delView(view.fullPath);
    if (view.fullPath === active) goToLast(useTags.getState().visitedViews);
  };

  const act = (action: string, view: VisitedView) => {
    const store = useTags.getState();
    if (action === 'refresh') {
      store.refreshView(view.fullPath);
      if (view.fullPath !== active) navigate(view.fullPath);
    } else if (action === 'close') close(view);
    else if (action === 'closeOthers') {
      store.delOthersViews(view.fullPath);
      if (view.fullPath !== active) navigate(view.fullPath);
    } else if (action === 'closeAll') {
      store.delAllViews();
      const remaining = useTags.getState().visitedViews;
      if (!remaining.some((v) => v.fullPath === active)) goToLast(remaining);
    }
  };

  // The WAI-ARIA tabs pattern: one tab in the Tab order (the open one), arrows move between tabs,
  // Enter opens one, Delete closes it, and the context-menu key (or Shift+F10) opens its menu.
  const onTabKey = (event: KeyboardEvent<HTMLSpanElement>, view: VisitedView) => {
    const tabs = [...(event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const at = tabs.indexOf(event.currentTarget);
    const focusAt = (index: number) => tabs[(index + tabs.length) % tabs.length]?.focus();
    if (event.key === 'Enter' || event.key === ' ') navigate(view.fullPath);
    else if (event.key === 'Delete') close(view);
    else if (event.key === 'ArrowRight') focusAt(at + 1);
    else if (event.key === 'ArrowLeft') focusAt(at - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(tabs.length - 1);
    else return;
    event.preventDefault();
  };

  return (
    <div className="shell-tags" role="tablist" aria-label={t('tags.label')}>
      {views.map((view) => {
        const isActive = view.fullPath === active;
        const title = titleOf(view);
        return (
          <Dropdown
            key={view.fullPath}
            trigger={['contextMenu']}
            menu={{
              items: [
                { key: 'refresh', label: t('tags.refresh') },
                { key: 'close', label: t('tags.close'), disabled: !!view.meta.affix },
                { key: 'closeOthers', label: t('tags.closeOthers') },
                { key: 'closeAll', label: t('tags.closeAll') },
              ],
              onClick: ({ key }) => act(key, view),
            }}
          >
            <span
              role="tab"
              data-path={view.fullPath}
              tabIndex={isActive ? 0 : -1}
              aria-selected={isActive}
              aria-keyshortcuts={view.meta.affix ? undefined : 'Delete'}
              className={isActive ? 'shell-tag active' : 'shell-tag'}
              onClick={() => navigate(view.fullPath)}
              onKeyDown={(event) => onTabKey(event, view)}
              onMouseUp={(event) => {
                if (event.button === 1) close(view);
              }}
              onMouseDown={(event) => {
                // Middle click would start auto-scroll.
                if (event.button === 1) event.preventDefault();
              }}
            >
              {showIcon && <MenuIcon icon={view.meta.icon} />}
              <span>{title}</span>
              {!view.meta.affix && (
                // Not a button: a control inside a tab is out of reach of assistive technology
                // (nested-interactive); the keyboard closes a tab with Delete instead.
                <span
                  className="shell-tag-close"
                  aria-hidden="true"
                  title={t('tags.close')}
                  onClick={(event) => {
                    event.stopPropagation();
                    close(view);
                  }}
                >
                  <CloseOutlined />
                </span>
              )}
            </span>
          </Dropdown>
        );
      })}
    </div>
  );
}
