import { SearchOutlined } from '@ant-design/icons';
import AutoComplete from 'antd/es/auto-complete';
import Input from 'antd/es/input';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMenuTitle } from '../../shared/shell/menu-title.ts';
import { menuKey, useOpenMenu } from '../../shared/shell/open-menu.ts';
import { useShell } from '../../shared/shell/shell-store.ts';
import { searchMenus } from '../menu-search.ts';

/** shell.md §2.5 menu search over the permitted menus (client-side fuzzy search, see menu-search.ts). */
export function MenuSearch() {
  const { t } = useTranslation('shell');
  const routes = useShell((s) => s.routes);
  const title = useMenuTitle();
  const open = useOpenMenu();
  const [query, setQuery] = useState('');
  const hits = useMemo(() => searchMenus(routes, query, title).slice(0, 10), [routes, query, title]);
  return (
    <AutoComplete
      className="shell-search"
      value={query}
      onChange={setQuery}
      options={hits.map((hit) => ({
        value: menuKey(hit.route),
        label: (
          <span className="shell-search-hit">
            <span>{hit.title}</span>
            <small>
              {hit.route.path.startsWith('/externalLink') ? hit.route.href : hit.route.path || hit.route.href}
            </small>
          </span>
        ),
      }))}
      onSelect={(key: string) => {
        setQuery('');
        open(key);
      }}
      notFoundContent={query.trim() ? t('searchEmpty') : null}
      popupMatchSelectWidth={280}
    >
      <Input
        prefix={<SearchOutlined />}
        placeholder={t('search')}
        aria-label={t('search')}
        allowClear
        variant="filled"
      />
    </AutoComplete>
  );
}
